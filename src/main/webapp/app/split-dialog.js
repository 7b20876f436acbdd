// Cutting a document into documents by page ranges ("1-2, 4-5"): a batch a scanner sent as one.
import {api} from './api.js';
import {describeError, field, h} from './dom.js';
import {openDialog} from './dialog.js';
import {sendOnSubmit} from './forms.js';

export function splitDialog(doc, onSplit) {
    const ranges = h('input', {type: 'text', name: 'ranges', required: true, spellcheck: 'false',
        placeholder: doc.page_count > 1 ? `1-1, 2-${doc.page_count}` : '1-1'});
    const errors = h('div', {class: 'form-errors'});
    const proposal = h('p', {class: 'split-proposal', role: 'status'});
    const propose = (proposed) => {
        if (proposed.length === 0) {
            proposal.textContent = 'docex sees one invoice in this document.';
            return;
        }
        ranges.value = format(proposed);
        proposal.textContent = `docex proposes ${proposed.length} invoices (each begins with a new invoice number, date or "page 1 of")`
            + ': check the pages and change the ranges where they are wrong.';
    };
    // Proposals made at the upload come with the document; for others docex reads the pages when asked.
    const find = h('button', {type: 'button', class: 'button-small', text: 'Find where invoices start',
        onclick: async () => {
            find.disabled = true;
            proposal.textContent = 'Reading the pages…';
            try {
                propose((await api.get(`/documents/${encodeURIComponent(doc.id)}/splits`)).proposed_splits);
            } catch (error) {
                proposal.textContent = describeError(error);
            } finally {
                find.disabled = false;
            }
        }});
    const form = h('form', {method: 'dialog', class: 'stack'},
        h('p', {class: 'subtle'}, 'Document: ', h('strong', {text: doc.filename}), ` (${doc.page_count} pages)`),
        doc.proposed_splits ? null : h('p', {}, find),
        proposal,
        field('Page ranges', ranges, 'A new document for each range, e.g. "1-2, 4-5"; pages in no range '
            + '(separator sheets) are left out. This document stays.'),
        errors,
        h('div', {class: 'button-row'}, h('button', {type: 'submit', class: 'button-primary', text: 'Split'})));
    if (doc.proposed_splits) {
        propose(doc.proposed_splits);
    }
    const dialog = openDialog('Split into documents', form);
    sendOnSubmit(form, errors, {send: async () => {
        const answer = await api.post(`/documents/${encodeURIComponent(doc.id)}/splits`, {ranges: parse(ranges.value)});
        dialog.close();
        onSplit(answer.documents);
    }});
}

// [[1, 2], [3, 3]] as "1-2, 3".
function format(ranges) {
    return ranges.map(([first, last]) => (first === last ? String(first) : `${first}-${last}`)).join(', ');
}

// "1-2, 4, 5-7" as [[1, 2], [4, 4], [5, 7]]; what is no range is sent as written, for the server to name it.
function parse(text) {
    return text.split(',').map((part) => part.trim()).filter(Boolean).map((part) => {
        const match = /^(\d+)\s*(?:[-–]\s*(\d+))?$/.exec(part);
        return match ? [Number(match[1]), Number(match[2] || match[1])] : [part];
    });
}
