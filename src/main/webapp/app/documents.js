// Documents: the shared list (search, sort, paging), uploads with progress, starting an extraction
// and deleting.
import {api} from './api.js';
import {describeError, errorBox, field, h, pageNav, replace, statusBadge, when} from './dom.js';
import {uploadPanel} from './uploads.js';
import {extractionDialog} from './extraction-dialog.js';
import {deleteDialog} from './delete-dialog.js';
import {splitDialog} from './split-dialog.js';
import {actOnEach, bulkBar, selection} from './bulk.js';

const PAGE_SIZE = 20;
// The search, order and page, kept for the tab: back from a review, the list is as it was left.
const KEPT = 'docex.documents';

function kept() {
    try {
        const {q = '', sort = '-uploaded_at', offset = 0} = JSON.parse(sessionStorage.getItem(KEPT) || '{}');
        return {q: String(q), sort: String(sort), offset: Number.isInteger(offset) ? offset : 0};
    } catch {
        return {q: '', sort: '-uploaded_at', offset: 0};
    }
}

export function render(container, ctx) {
    const state = {...kept(), timer: null, refresh: null, stopped: false};
    const keep = () => sessionStorage.setItem(KEPT, JSON.stringify({q: state.q, sort: state.sort, offset: state.offset}));
    const search = h('input', {type: 'search', placeholder: 'File name or title', autocomplete: 'off', value: state.q});
    const sort = h('select', {},
        h('option', {value: '-uploaded_at', text: 'Newest first'}),
        h('option', {value: 'uploaded_at', text: 'Oldest first'}),
        h('option', {value: 'filename', text: 'Name A–Z'}),
        h('option', {value: '-filename', text: 'Name Z–A'}));
    const results = h('div', {class: 'list-region', 'aria-live': 'polite', 'aria-busy': 'true'});
    sort.value = state.sort;
    const report = h('div', {class: 'bulk-report'});
    const chosen = selection(() => bar.update());
    const each = (options) => actOnEach({items: chosen.items(), report, name: (doc) => doc.filename, ...options,
        done: (n) => {
            ctx.notify(options.said(n));
            load();
        }});
    const bar = bulkBar(chosen, [
        h('button', {type: 'button', class: 'button-small button-primary', text: 'Extract chosen…', onclick: () => each({
            title: 'Extract the chosen documents', confirm: 'Extract', className: 'button-primary',
            question: `Extract ${chosen.items().length} document(s) with the invoice template? They join the queue.`,
            call: (doc) => api.post('/extractions/extract/workflow', {document_id: doc.id, template: 'invoice'}),
            said: (n) => `Started ${n} extraction${n === 1 ? '' : 's'}.`})}),
        h('button', {type: 'button', class: 'button-small button-danger-quiet', text: 'Delete chosen…', onclick: () => each({
            title: 'Delete the chosen documents', confirm: 'Delete', className: 'button-danger',
            question: `Delete ${chosen.items().length} document(s) with their extraction workflows and results?`
                + ' Documents with a committed record are kept.',
            call: (doc) => api.delete(`/documents/${encodeURIComponent(doc.id)}`),
            said: (n) => `Deleted ${n} document${n === 1 ? '' : 's'}.`})})]);
    const load = async () => {
        keep();
        results.setAttribute('aria-busy', 'true');
        const query = new URLSearchParams({offset: state.offset, limit: PAGE_SIZE, sort: state.sort});
        if (state.q) {
            query.set('q', state.q);
        }
        try {
            const page = await api.get(`/documents/list?${query}`);
            if (!state.stopped) {
                chosen.newPage();
                replace(results, table(page, ctx, load, chosen), pager(page, state, load));
                chosen.drawn();
                refreshWhileExtracting(page, state, load);
            }
        } catch (error) {
            replace(results, errorBox(describeError(error)));
        } finally {
            results.setAttribute('aria-busy', 'false');
        }
    };
    search.addEventListener('input', () => {
        clearTimeout(state.timer);
        state.timer = setTimeout(() => {
            state.q = search.value.trim();
            state.offset = 0;
            load();
        }, 250);
    });
    sort.addEventListener('change', () => {
        state.sort = sort.value;
        state.offset = 0;
        load();
    });
    replace(container,
        h('div', {class: 'page-head'},
            h('h1', {text: 'Documents'}),
            h('p', {class: 'lead', text: 'Upload documents, extract their data and review what was read.'})),
        uploadPanel({onUploaded: load}),
        h('div', {class: 'toolbar', role: 'search'}, field('Search', search), field('Sort', sort)),
        bar.el, report,
        results);
    results.append(h('p', {class: 'loading', text: 'Loading documents…'}));
    load();
    return () => {
        state.stopped = true;
        clearTimeout(state.timer);
        clearTimeout(state.refresh);
    };
}

/**
 * Statuses of running extractions change by themselves: look again in a few seconds, but not
 * while the keyboard is in the list (redrawing it would take the focus away).
 */
function refreshWhileExtracting(page, state, load) {
    clearTimeout(state.refresh);
    const busy = page.items.some((doc) => doc.latest_workflow && ['queued', 'running'].includes(doc.latest_workflow.status));
    if (busy) {
        state.refresh = setTimeout(() => {
            const focus = document.activeElement;
            if (focus && focus.closest('.list-region')) {
                refreshWhileExtracting(page, state, load);
            } else {
                load();
            }
        }, 3000);
    }
}

function table(page, ctx, reload, chosen) {
    if (page.items.length === 0) {
        return h('div', {class: 'empty'},
            h('p', {class: 'empty-title', text: page.total === 0 ? 'No documents found' : 'Nothing on this page'}),
            h('p', {text: 'Upload a document above, or change the search.'}));
    }
    return h('table', {class: 'data-table documents'},
        h('caption', {class: 'visually-hidden', text: 'Documents'}),
        h('thead', {}, h('tr', {}, h('th', {scope: 'col', class: 'choose'}, chosen.pageBox),
            ['File', 'Pages', 'Uploaded by', 'Uploaded', 'Status', 'Actions'].map((c) => h('th', {scope: 'col', text: c})))),
        h('tbody', {}, page.items.map((doc) => row(doc, ctx, reload, chosen))));
}

// Where a document came from, where it was not an upload in the workspace or the API.
const CHANNELS = {folder: 'from the watched folder', mail: 'by e-mail'};

// A mail's sender and subject, shown when the pointer rests on "by e-mail".
function mailOf(source) {
    return source.channel === 'mail' ? [source.from, source.subject].filter(Boolean).join(': ') : '';
}

function row(doc, ctx, reload, chosen) {
    const workflow = doc.latest_workflow;
    const channel = doc.source && CHANNELS[doc.source.channel];
    const name = workflow
        ? h('a', {href: `#/workflows/${workflow.id}`, class: 'file-name', text: doc.filename})
        : h('span', {class: 'file-name', text: doc.filename});
    return h('tr', {dataset: {documentId: doc.id}},
        h('td', {class: 'choose'}, chosen.box(doc.id, doc, doc.filename)),
        h('td', {}, name,
            doc.duplicate_of ? h('span', {class: 'badge badge-low duplicate', text: 'Duplicate',
                title: 'The same file was uploaded before'}) : null,
            doc.proposed_splits && doc.proposed_splits.length > 0 ? h('span', {class: 'badge proposed-split',
                text: `${doc.proposed_splits.length} invoices?`,
                title: 'docex proposes splitting it where a new invoice starts: Split to check and confirm'}) : null,
            doc.title ? h('div', {class: 'subtle', text: doc.title}) : null),
        h('td', {class: 'num', text: String(doc.page_count)}),
        h('td', {}, doc.uploaded_by, channel ? h('div', {class: 'subtle', text: channel, title: mailOf(doc.source)}) : null),
        h('td', {}, when(doc.uploaded_at)),
        h('td', {}, workflow ? h('a', {href: `#/workflows/${workflow.id}`, class: 'badge-link'}, statusBadge(workflow.status))
            : statusBadge(null)),
        h('td', {class: 'actions'},
            h('button', {type: 'button', class: 'button-small', text: 'Extract',
                'aria-label': `Extract data from ${doc.filename}`,
                onclick: () => extractionDialog(doc, (started) => ctx.navigate(`#/workflows/${started.id}`))}),
            doc.page_count > 1 ? h('button', {type: 'button', class: 'button-small', text: 'Split',
                'aria-label': `Split ${doc.filename} into documents`,
                onclick: () => splitDialog(doc, (parts) => {
                    // The document itself stays: said, so that nobody extracts and pays both it and its parts.
                    ctx.notify(`Split ${doc.filename} into ${parts.length} documents; ${doc.filename} itself is kept:`
                        + ' delete it once the parts are right.');
                    reload();
                })}) : null,
            h('button', {type: 'button', class: 'button-small button-danger-quiet', text: 'Delete',
                'aria-label': `Delete ${doc.filename}`,
                onclick: () => deleteDialog(doc, ctx.user, () => {
                    ctx.notify(`Deleted ${doc.filename}.`);
                    reload();
                })})));
}

function pager(page, state, load) {
    if (page.total <= page.limit && page.offset === 0) {
        return h('p', {class: 'subtle count', text: `${page.total} document${page.total === 1 ? '' : 's'}`});
    }
    return pageNav(page, 'Pages of documents', (offset) => {
        state.offset = offset;
        load();
    });
}
