// Starting an extraction: template, OCR of scanned pages and custom fields.
import {api} from './api.js';
import {field, h} from './dom.js';
import {openDialog} from './dialog.js';
import {sendOnSubmit} from './forms.js';

const TYPES = ['string', 'number', 'date', 'money', 'email', 'iban'];

export function extractionDialog(doc, onStarted) {
    // The invoice template is what most documents here need; generic stays one choice away.
    const template = h('select', {name: 'template'},
        h('option', {value: 'invoice', text: 'Invoice (adds totals, dates, vendor, line items)'}),
        h('option', {value: 'generic', text: 'Generic (text, forms, key-value pairs)'}));
    const committed = doc.latest_workflow && doc.latest_workflow.status === 'committed';
    const ocr = h('select', {name: 'ocr'},
        h('option', {value: 'auto', text: 'Pages without text (scans)'}),
        h('option', {value: 'always', text: 'Every page'}),
        h('option', {value: 'never', text: 'No page'}));
    const customRows = h('div', {class: 'custom-fields stack'});
    const errors = h('div', {class: 'form-errors'});
    const form = h('form', {method: 'dialog', class: 'stack'},
        h('p', {class: 'subtle'}, 'Document: ', h('strong', {text: doc.filename})),
        committed ? h('p', {class: 'alert alert-warning re-extract', role: 'note',
            text: 'This document has a committed record. A new extraction starts a new workflow, which the list then'
                + ' shows instead; the committed record is kept and stays in the queue under Committed.'}) : null,
        field('Template', template),
        field('Read by OCR', ocr),
        h('fieldset', {class: 'stack'}, h('legend', {text: 'Custom fields'}),
            h('p', {class: 'hint', text: 'Find a value by a regular expression (its first group) or by the label printed beside it.'}),
            customRows,
            h('button', {type: 'button', class: 'button-small', text: 'Add custom field', onclick: () => addRow(customRows)})),
        errors,
        h('div', {class: 'button-row'}, h('button', {type: 'submit', class: 'button-primary', text: 'Start extraction'})));
    const dialog = openDialog('Extract data', form);
    sendOnSubmit(form, errors, {send: async () => {
        const started = await api.post('/extractions/extract/workflow', {
            document_id: doc.id, template: template.value, ocr: ocr.value, fields: customFields(customRows)});
        dialog.close();
        onStarted(started);
    }});
}

function addRow(container) {
    const n = container.children.length + 1;
    const name = h('input', {type: 'text', dataset: {part: 'name'}, required: true});
    const pattern = h('input', {type: 'text', dataset: {part: 'pattern'}, spellcheck: 'false'});
    const label = h('input', {type: 'text', dataset: {part: 'label'}});
    const type = h('select', {dataset: {part: 'type'}}, TYPES.map((t) => h('option', {value: t, text: t})));
    const row = h('div', {class: 'custom-field', role: 'group', 'aria-label': `Custom field ${n}`},
        field('Name', name), field('Pattern', pattern), field('or label', label), field('Type', type),
        h('button', {type: 'button', class: 'button-small button-quiet', text: 'Remove',
            'aria-label': `Remove custom field ${n}`, onclick: () => row.remove()}));
    container.append(row);
    name.focus();
}

function customFields(container) {
    const fields = [];
    for (const row of container.querySelectorAll('.custom-field')) {
        const value = (part) => row.querySelector(`[data-part="${part}"]`).value.trim();
        if (!value('name')) {
            continue;
        }
        const custom = {name: value('name'), type: value('type')};
        if (value('pattern')) {
            custom.pattern = value('pattern');
        }
        if (value('label')) {
            custom.label = value('label');
        }
        fields.push(custom);
    }
    return fields;
}
