// Uploads by picker or drop: several files at once, each with its progress and its own result.
import {api} from './api.js';
import {describeError, h} from './dom.js';

export function uploadPanel({onUploaded}) {
    const input = h('input', {type: 'file', id: 'upload-input', class: 'visually-hidden', multiple: true,
        accept: 'application/pdf,.pdf,application/xml,text/xml,.xml,image/jpeg,.jpg,.jpeg,image/png,.png,image/tiff,.tif,.tiff'});
    const list = h('ul', {class: 'upload-list', 'aria-label': 'Uploads'});
    const zone = h('div', {class: 'drop-zone'},
        h('p', {class: 'drop-title', text: 'Drop PDFs, XML e-invoices or scans (JPEG, PNG, TIFF) here'}),
        h('p', {}, 'or ', input, h('label', {for: input.id, class: 'button button-primary', text: 'Choose files…'})));
    const start = (files) => {
        for (const file of files) {
            uploadOne(file, list, onUploaded);
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
    return h('section', {class: 'uploads', 'aria-label': 'Upload documents'}, zone, list);
}

async function uploadOne(file, list, onUploaded) {
    const progress = h('progress', {max: 100, value: 0, 'aria-label': `Upload progress of ${file.name}`});
    const result = h('span', {class: 'upload-result', role: 'status', text: 'Uploading…'});
    const item = h('li', {class: 'upload-item', dataset: {state: 'uploading'}},
        h('span', {class: 'upload-name', text: file.name}), progress, result);
    list.prepend(item);
    try {
        const document = await api.upload(file, (share) => {
            progress.value = Math.round(share * 100);
        });
        item.dataset.state = 'done';
        result.textContent = 'Uploaded';
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
