// Uploads by picker or drop: several files at once, each with its progress and its own result.
import {api} from './api.js';
import {describeError, h} from './dom.js';

export function uploadPanel({onUploaded}) {
    const input = h('input', {type: 'file', id: 'upload-input', class: 'visually-hidden', multiple: true,
        accept: 'application/pdf,.pdf,application/xml,text/xml,.xml,image/jpeg,.jpg,.jpeg,image/png,.png,image/tiff,.tif,.tiff'});
    const list = h('ul', {class: 'upload-list', 'aria-label': 'Uploads'});
    // One choice of how files are cut, so that no two boxes can say different things.
    const split = h('select', {id: 'upload-split', name: 'split'},
        h('option', {value: 'none', text: 'One document per file'}),
        h('option', {value: 'separator', text: 'Batch scans: a new document after each separator sheet or blank page'}),
        h('option', {value: 'suggest', text: 'Batch scans, and propose where each invoice starts (scans: about a second a page)'}));
    const zone = h('div', {class: 'drop-zone'},
        h('p', {class: 'drop-title', text: 'Drop PDFs, XML e-invoices or scans (JPEG, PNG, TIFF) here'}),
        h('p', {}, 'or ', input, h('label', {for: input.id, class: 'button button-primary', text: 'Choose files…'})),
        h('p', {class: 'upload-options'}, h('label', {for: split.id, text: 'Files: '}), split,
            ' · ', h('a', {href: '/api/documents/separator-sheet', target: '_blank', rel: 'noopener',
                text: 'Print a separator sheet (PDF)'})));
    const start = (files) => {
        for (const file of files) {
            uploadOne(file, list, onUploaded, split.value);
        }
    };
    input.addEventListener('change', () => {
        start([...input.files]);
        input.value = '';
    });
    zone.addEventListener('dragover', (event) => {
        event.preventDefault();
        zone.classList.add('dragging');
    });
    zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
    zone.addEventListener('drop', (event) => {
        event.preventDefault();
        zone.classList.remove('dragging');
        start([...event.dataTransfer.files]);
    });
    // Finished results would pile up over a day's uploads: they go with one click, running ones stay.
    const clear = h('button', {type: 'button', class: 'button-small button-quiet clear-uploads', text: 'Clear finished uploads',
        hidden: true, onclick: () => {
            list.querySelectorAll('.upload-item:not([data-state=uploading])').forEach((item) => item.remove());
            clear.hidden = true;
        }});
    new MutationObserver(() => {
        clear.hidden = !list.querySelector('.upload-item:not([data-state=uploading])');
    }).observe(list, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-state']});
    return h('section', {class: 'uploads', 'aria-label': 'Upload documents'}, zone, list, clear);
}

async function uploadOne(file, list, onUploaded, split) {
    const progress = h('progress', {max: 100, value: 0, 'aria-label': `Upload progress of ${file.name}`});
    const result = h('span', {class: 'upload-result', role: 'status', text: 'Uploading…'});
    const item = h('li', {class: 'upload-item', dataset: {state: 'uploading'}},
        h('span', {class: 'upload-name', text: file.name}), progress, result);
    list.prepend(item);
    try {
        const answer = await api.upload(file, (share) => {
            progress.value = Math.round(share * 100);
        }, split);
        // A batch is answered with its documents, a single upload with the document.
        const documents = answer && answer.documents ? answer.documents : [answer];
        const document = documents.length === 1 ? documents[0] : null;
        item.dataset.state = 'done';
        result.textContent = documents.length === 1 ? 'Uploaded' : `Uploaded as ${documents.length} documents`;
        const proposed = answer && answer.proposed_splits ? answer.proposed_splits.length : 0;
        if (proposed > 0) {
            // Proposals are only proposed: a person confirms them with the document's Split.
            result.textContent += ` — ${proposed} invoices proposed: check them with Split`;
        }
        if (document && document.duplicate_of) {
            // The same bytes were uploaded before: kept all the same, but said, so that nobody pays an invoice twice.
            item.dataset.state = 'duplicate';
            result.textContent = 'Uploaded — the same file was uploaded before';
        }
        onUploaded();
    } catch (error) {
        item.dataset.state = 'failed';
        progress.hidden = true;
        result.textContent = describeError(error);
    }
}
