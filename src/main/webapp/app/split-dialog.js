// Cutting a document into documents by page ranges ("1-2, 4-5"): a batch a scanner sent as one.
import {api} from './api.js';
import {field, h} from './dom.js';
import {openDialog} from './dialog.js';
import {sendOnSubmit} from './forms.js';

export function splitDialog(doc, onSplit) {
    const ranges = h('input', {type: 'text', name: 'ranges', required: true, spellcheck: 'false',
        placeholder: doc.page_count > 1 ? `1-1, 2-${doc.page_count}` : '1-1'});
    const errors = h('div', {class: 'form-errors'});
    const form = h('form', {method: 'dialog', class: 'stack'},
        h('p', {class: 'subtle'}, 'Document: ', h('strong', {text: doc.filename}), ` (${doc.page_count} pages)`),
        field('Page ranges', ranges, 'A new document for each range, e.g. "1-2, 4-5"; pages in no range '
            + '(separator sheets) are left out. This document stays.'),
        errors,
        h('div', {class: 'button-row'}, h('button', {type: 'submit', class: 'button-primary', text: 'Split'})));
    const dialog = openDialog('Split into documents', form);
    sendOnSubmit(form, errors, {send: async () => {
        const answer = await api.post(`/documents/${encodeURIComponent(doc.id)}/splits`, {ranges: parse(ranges.value)});
        dialog.close();
        onSplit(answer.documents);
    }});
}

// "1-2, 4, 5-7" as [[1, 2], [4, 4], [5, 7]]; what is no range is sent as written, for the server to name it.
function parse(text) {
    return text.split(',').map((part) => part.trim()).filter(Boolean).map((part) => {
        const match = /^(\d+)\s*(?:[-–]\s*(\d+))?$/.exec(part);
        return match ? [Number(match[1]), Number(match[2] || match[1])] : [part];
    });
}
