// The page image with each field's box drawn on it. Boxes are placed in percent of the page (bbox
// in PDF points from the top-left over the page's size in points), so they follow any zoom.
import {api} from './api.js';
import {describeError, h, replace} from './dom.js';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const DPI = 150;

export function pageViewer({documentId, pageCount, onSelectBox}) {
    const state = {page: 1, zoom: 1, pages: [], rows: [], selected: null, images: new Map()};
    const image = h('img', {class: 'page-image', alt: ''});
    const boxes = h('div', {class: 'boxes'});
    const sheet = h('div', {class: 'page-sheet'}, image, boxes);
    const message = h('div', {class: 'viewer-message'});
    const scroll = h('div', {class: 'page-scroll', tabindex: 0, 'aria-label': 'Page image'}, sheet, message);
    const pageInput = h('input', {type: 'number', class: 'page-input', min: 1, max: pageCount, value: 1,
        'aria-label': 'Page number'});
    pageInput.addEventListener('change', () => show(Number(pageInput.value)));
    const label = h('span', {class: 'page-label'}, pageInput, ` of ${pageCount}`);
    const zoomLabel = h('span', {class: 'zoom-label'});
    const prev = h('button', {type: 'button', class: 'button-small', text: '‹ Previous', 'aria-label': 'Previous page',
        onclick: () => show(state.page - 1)});
    const next = h('button', {type: 'button', class: 'button-small', text: 'Next ›', 'aria-label': 'Next page',
        onclick: () => show(state.page + 1)});
    const zoomBy = (step) => {
        const i = Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(state.zoom) + step));
        state.zoom = ZOOMS[i];
        layout();
    };
    const toolbar = h('div', {class: 'viewer-toolbar', role: 'toolbar', 'aria-label': 'Page'},
        prev, label, next, h('span', {class: 'spacer'}),
        h('button', {type: 'button', class: 'button-small', text: '−', 'aria-label': 'Zoom out', onclick: () => zoomBy(-1)}),
        zoomLabel,
        h('button', {type: 'button', class: 'button-small', text: '+', 'aria-label': 'Zoom in', onclick: () => zoomBy(1)}),
        h('button', {type: 'button', class: 'button-small', text: 'Fit', 'aria-label': 'Fit page width',
            onclick: () => {
                state.zoom = 1;
                layout();
            }}));
    const source = h('p', {class: 'page-source subtle', 'aria-live': 'polite'});
    const el = h('section', {class: 'viewer', 'aria-label': 'Document page'}, toolbar, source, scroll);

    // How the shown page's text was read: from its text layer, by OCR (with what confidence), or not at all.
    function describeSource() {
        const page = state.pages.find((p) => p.number === state.page);
        if (page && page.source === 'ocr' && page.ocr) {
            source.textContent = `Text read by OCR (${page.ocr.languages}, ${page.ocr.dpi} dpi), `
                + `mean confidence ${Math.round(page.ocr.mean_confidence * 100)}%`;
        } else if (page && page.source === 'none') {
            source.textContent = 'No text was read from this page';
        } else {
            source.textContent = '';
        }
        source.hidden = !source.textContent;
    }

    function layout() {
        describeSource();
        sheet.style.width = `${state.zoom * 100}%`;
        zoomLabel.textContent = `${Math.round(state.zoom * 100)}%`;
        pageInput.value = state.page;
        prev.disabled = state.page <= 1;
        next.disabled = state.page >= pageCount;
    }

    async function show(number) {
        if (!Number.isInteger(number) || number < 1 || number > pageCount) {
            pageInput.value = state.page;
            return;
        }
        const changed = number !== state.page || !image.getAttribute('src');
        state.page = number;
        layout();
        drawBoxes();
        if (!changed) {
            return;
        }
        replace(message);
        sheet.classList.add('loading-page');
        try {
            const url = await imageUrl(number);
            if (state.page === number) {
                image.src = url;
                image.alt = `Page ${number}`;
            }
        } catch (error) {
            replace(message, h('p', {class: 'alert alert-error', text: describeError(error)}));
        } finally {
            sheet.classList.remove('loading-page');
        }
    }

    async function imageUrl(number) {
        if (!state.images.has(number)) {
            const blob = await api.blob(`/documents/${encodeURIComponent(documentId)}/pages/${number}/image?dpi=${DPI}`);
            state.images.set(number, URL.createObjectURL(blob));
        }
        return state.images.get(number);
    }

    function drawBoxes() {
        const size = state.pages.find((p) => p.number === state.page);
        replace(boxes);
        if (!size || !size.width || !size.height) {
            return;
        }
        for (const row of state.rows) {
            if (row.page !== state.page || !row.bbox) {
                continue;
            }
            const [x0, y0, x1, y1] = row.bbox;
            const box = h('button', {type: 'button', tabindex: -1, class: `box${row.low ? ' box-low' : ''}`,
                'aria-label': `Field ${row.name}`, title: row.name, dataset: {field: row.name},
                onclick: () => onSelectBox(row.name)});
            box.style.left = `${(x0 / size.width) * 100}%`;
            box.style.top = `${(y0 / size.height) * 100}%`;
            box.style.width = `${(Math.max(x1 - x0, 1) / size.width) * 100}%`;
            box.style.height = `${(Math.max(y1 - y0, 1) / size.height) * 100}%`;
            if (row.name === state.selected) {
                box.classList.add('selected');
            }
            boxes.append(box);
        }
    }

    return {
        el,
        show,
        setFields(pages, rows) {
            state.pages = pages || [];
            state.rows = rows;
            describeSource();
            drawBoxes();
        },
        select(row) {
            state.selected = row ? row.name : null;
            if (row && row.page && row.page !== state.page) {
                show(row.page);
            } else {
                drawBoxes();
            }
            const box = row && boxes.querySelector('.box.selected');
            if (box) {
                box.scrollIntoView({block: 'nearest', inline: 'nearest'});
            }
        },
        dispose() {
            for (const url of state.images.values()) {
                URL.revokeObjectURL(url);
            }
        },
    };
}
