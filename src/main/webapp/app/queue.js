// The work queue: workflows with their invoices' key values, in tabs by status with their counts,
// filtered, searched and sorted on the server; what was chosen is kept for the tab (queue-state.js).
import {api} from './api.js';
import {describeError, errorBox, field, h, pageNav, replace, statusBadge, when} from './dom.js';
import {LOW_CONFIDENCE, leftOutByDefault} from './review-model.js';
import {QUEUE_PAGE_SIZE, queueQuery, queueState, saveQueueState} from './queue-state.js';
import {actOnEach, bulkBar, selection} from './bulk.js';

const DECIDERS = ['reviewer', 'admin'];

const TABS = [['needs_review', 'Needs review'], ['extracted', 'Extracted'], ['in_review', 'In review'],
    ['committed', 'Committed'], ['rejected', 'Rejected'], ['failed', 'Failed'], ['', 'All']];
const SORTS = [['-created_at', 'Newest first'], ['created_at', 'Oldest first'], ['due_date', 'Due soonest'],
    ['-total_amount', 'Largest total'], ['vendor_name', 'Vendor A–Z'], ['min_confidence', 'Least confident']];

export function render(container, ctx) {
    const state = queueState();
    const run = {timer: null, stopped: false};
    const tabs = h('div', {class: 'queue-tabs', role: 'group', 'aria-label': 'Status'});
    const results = h('div', {class: 'list-region', 'aria-live': 'polite', 'aria-busy': 'true'});
    const decides = DECIDERS.includes(ctx.user.role);
    const report = h('div', {class: 'bulk-report'});
    const chosen = selection(() => bar.update());
    // Committing several at once commits each with its values as they stand (the draft, else what was read),
    // leaving out an invoice's other pairs as its review screen would.
    const bar = bulkBar(chosen, h('button', {type: 'button', class: 'button-small button-success', text: 'Commit chosen…',
        onclick: () => {
            const items = chosen.items().filter((item) => ['extracted', 'in_review'].includes(item.status));
            actOnEach({title: 'Commit the chosen workflows', confirm: `Commit ${items.length}`, className: 'button-success',
                question: `Commit ${items.length} workflow${items.length === 1 ? '' : 's'} with their values as they stand`
                    + ' (an invoice\'s other pairs found on the page left out),'
                    + ' without opening them? Chosen ones that are not in review are left as they are.',
                items, report,
                call: async (item) => {
                    const path = `/extractions/workflow/${encodeURIComponent(item.id)}`;
                    const workflow = await api.get(path);
                    const fields = Object.fromEntries(leftOutByDefault(workflow).map((name) => [name, null]));
                    return api.post(`${path}/review`, {action: 'commit', version: item.version, fields,
                        comment: 'Committed from the queue with others'});
                },
                name: (item) => (item.summary && item.summary.invoice_number) || (item.summary && item.summary.vendor_name) || item.id,
                done: (committed) => {
                    ctx.notify(`Committed ${committed}.`);
                    load();
                }});
        }}));
    const input = (name, props) => {
        const el = h('input', {autocomplete: 'off', value: state[name], ...props});
        el.addEventListener(props.type === 'date' ? 'change' : 'input', () => changed({[name]: el.value.trim()}, 250));
        return el;
    };
    const failed = h('input', {type: 'checkbox', checked: state.failed,
        onchange: () => changed({failed: failed.checked})});
    const sort = h('select', {onchange: () => changed({sort: sort.value})},
        SORTS.map(([value, text]) => h('option', {value, text, selected: value === state.sort})));

    function changed(change, delay = 0) {
        Object.assign(state, change, {offset: 0});
        saveQueueState(state);
        clearTimeout(run.timer);
        run.timer = setTimeout(load, delay);
    }

    async function load() {
        results.setAttribute('aria-busy', 'true');
        try {
            const page = await api.get(`/extractions/workflows?${queueQuery(state, state.offset, QUEUE_PAGE_SIZE)}`);
            if (!run.stopped) {
                drawTabs(page.counts);
                chosen.newPage();
                replace(results, table(page), pager(page));
                chosen.drawn();
            }
        } catch (error) {
            replace(results, errorBox(describeError(error)));
        } finally {
            results.setAttribute('aria-busy', 'false');
        }
    }

    function drawTabs(counts) {
        const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
        const count = (status) => (status === '' ? total
            : status === 'needs_review' ? counts.extracted + counts.in_review : counts[status]);
        replace(tabs, TABS.map(([status, label]) => h('button', {type: 'button', class: 'queue-tab',
            'aria-pressed': String(state.status === status), dataset: {status},
            onclick: () => changed({status})}, label, ' ', h('span', {class: 'tab-count', text: String(count(status))}))));
    }

    function table(page) {
        if (page.items.length === 0) {
            return h('div', {class: 'empty'},
                h('p', {class: 'empty-title', text: 'Nothing in the queue'}),
                h('p', {text: state.status === 'needs_review' ? 'Every extracted document has been reviewed, or the filters hide it.'
                    : 'Change the filters or the status above.'}));
        }
        return h('table', {class: 'data-table queue'},
            h('caption', {class: 'visually-hidden', text: 'Work queue'}),
            h('thead', {}, h('tr', {}, decides ? h('th', {scope: 'col', class: 'choose'}, chosen.pageBox) : null,
                ['Vendor', 'Invoice', 'Invoice date', 'Due', 'Total', 'Confidence', 'Status']
                    .map((c) => h('th', {scope: 'col', class: ['Total', 'Confidence'].includes(c) ? 'num' : null, text: c})))),
            h('tbody', {}, page.items.map((item, i) => row(item, page.offset + i))));
    }

    function row(item, position) {
        const s = item.summary || {};
        const open = () => saveQueueState({...state, opened: item.id, position});
        return h('tr', {dataset: {workflowId: item.id}},
            decides ? h('td', {class: 'choose'}, chosen.box(item.id, item,
                `${s.vendor_name || 'vendor not found'} ${s.invoice_number || ''}`.trim())) : null,
            h('td', {}, h('a', {href: `#/workflows/${item.id}`, class: 'file-name', onclick: open,
                text: s.vendor_name || 'Vendor not found'}),
                h('div', {class: 'subtle'}, 'Started ', when(item.created_at))),
            h('td', {text: s.invoice_number || '—'}),
            h('td', {text: s.invoice_date || '—'}),
            h('td', {text: s.due_date || '—'}),
            h('td', {class: 'num', text: s.total_amount ? `${s.total_amount} ${s.currency || ''}`.trim() : '—'}),
            h('td', {class: 'num'}, confidence(s.min_confidence),
                s.failed_checks ? h('div', {}, h('span', {class: 'badge badge-failed',
                    text: `${s.failed_checks} check${s.failed_checks === 1 ? '' : 's'} failed`})) : null),
            h('td', {}, statusBadge(item.status)));
    }

    function pager(page) {
        return pageNav(page, 'Pages of the queue', (offset) => {
            state.offset = offset;
            saveQueueState(state);
            load();
        });
    }

    replace(container,
        h('div', {class: 'page-head'},
            h('h1', {text: 'Queue'}),
            h('p', {class: 'lead', text: 'Extracted documents with what was read; open one to review it.'})),
        tabs,
        h('div', {class: 'toolbar queue-filters', role: 'search'},
            field('Search', input('q', {type: 'search', maxlength: 200, placeholder: 'Number, name, amount or any word'})),
            field('Vendor', input('vendor', {type: 'text', maxlength: 300})),
            field('Invoice date from', input('from', {type: 'date'})),
            field('to', input('to', {type: 'date'})),
            h('label', {class: 'check failed-only'}, failed, 'Failed checks only'),
            field('Sort', sort)),
        decides ? bar.el : null, report,
        results);
    results.append(h('p', {class: 'loading', text: 'Loading the queue…'}));
    load();
    return () => {
        run.stopped = true;
        clearTimeout(run.timer);
    };
}

function confidence(value) {
    if (value === null || value === undefined) {
        return h('span', {class: 'subtle', text: '—'});
    }
    const percent = `${Math.round(value * 100)}%`;
    return value < LOW_CONFIDENCE
        ? h('span', {class: 'confidence confidence-low', text: `${percent} low`})
        : h('span', {class: 'confidence', text: percent});
}
