// The audit trail (who, when, role, what changed) and the committed data's export.
import {api} from './api.js';
import {describeError, download, h, replace, when} from './dom.js';

const ACTIONS = {save_draft: 'Saved a draft', commit: 'Committed', reject: 'Rejected', reopen: 'Reopened'};

export function trail(workflow) {
    const reviews = workflow.reviews || [];
    const total = workflow.reviews_total || reviews.length;
    const heading = h('h2', {text: 'Audit trail'});
    if (reviews.length === 0) {
        return h('section', {class: 'trail', 'aria-label': 'Audit trail'}, heading,
            h('p', {class: 'subtle', text: 'No reviews yet.'}));
    }
    const list = h('ol', {class: 'trail-list'}, newestFirst(reviews));
    // Said under the heading, where a reviewer reads it before the entries, not after the twentieth.
    const more = total > reviews.length ? [earlierReviews(workflow, reviews.length, total, list)] : [];
    return h('section', {class: 'trail', 'aria-label': 'Audit trail'}, heading, ...more, list);
}

// The workflow carries only its latest reviews; the rest come from the paged trail on request.
function earlierReviews(workflow, shown, total, list) {
    const status = h('span', {class: 'subtle', role: 'status', text: `Showing the latest ${shown} of ${total} reviews.`});
    const button = h('button', {type: 'button', class: 'button-small', text: 'Show all reviews'});
    button.addEventListener('click', async () => {
        button.disabled = true;
        try {
            const all = await wholeTrail(workflow.id);
            replace(list, ...newestFirst(all));
            status.textContent = `Showing all ${all.length} reviews.`;
            button.remove();
        } catch (error) {
            button.disabled = false;
            replace(status, describeError(error));
        }
    });
    return h('div', {class: 'button-row trail-more'}, button, status);
}

async function wholeTrail(id) {
    const all = [];
    for (;;) {
        const page = await api.get(`/extractions/workflow/${encodeURIComponent(id)}/reviews?offset=${all.length}&limit=200`);
        all.push(...page.items);
        if (page.items.length === 0 || all.length >= page.total) {
            return all;
        }
    }
}

function newestFirst(reviews) {
    return [...reviews].reverse().map((r) => h('li', {class: `trail-entry trail-${r.action}`},
        h('div', {class: 'trail-head'},
            h('strong', {text: ACTIONS[r.action] || r.action}), ' by ', h('span', {text: r.by}),
            h('span', {class: `role role-${r.role}`, text: r.role}), ' ', when(r.at)),
        r.comment ? h('blockquote', {class: 'trail-comment', text: r.comment}) : null,
        (r.changes || []).length ? h('ul', {class: 'changes'}, r.changes.map(change)) : null));
}

function change(c) {
    const item = changeItem(c);
    if (c.truncated) {
        item.append(h('span', {class: 'subtle', text: ' (long values shortened in the trail)'}));
    }
    return item;
}

function changeItem(c) {
    if (c.from === null || c.from === undefined) {
        return h('li', {}, h('code', {text: c.field}), ' added: ', h('span', {class: 'to', text: c.to}));
    }
    if (c.to === null || c.to === undefined) {
        return h('li', {}, h('code', {text: c.field}), ' removed (was ', h('span', {class: 'from', text: c.from}), ')');
    }
    return h('li', {}, h('code', {text: c.field}), ': ', h('span', {class: 'from', text: c.from}), ' → ',
        h('span', {class: 'to', text: c.to}));
}

/** "invoice-42.pdf" with invoice number "RE 7" gives "invoice-42 RE 7": what a person looks for in Downloads. */
function exportName(workflow, filename) {
    const base = (filename || 'workflow').replace(/\.[A-Za-z0-9]{1,5}$/, '');
    const number = workflow.committed && workflow.committed.fields && workflow.committed.fields.invoice_number;
    const name = number && !base.includes(number) ? `${base} ${number}` : base;
    return name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').slice(0, 120);
}

export function exportButtons(workflow, filename) {
    const status = h('span', {class: 'subtle', role: 'status'});
    const exportAs = async (format) => {
        try {
            const blob = await api.blob(`/extractions/workflow/${encodeURIComponent(workflow.id)}/export?format=${format}`);
            download(blob, `${exportName(workflow, filename)}.${format}`);
            status.textContent = `Downloaded ${format.toUpperCase()}.`;
        } catch (error) {
            replace(status, describeError(error));
        }
    };
    return h('div', {class: 'button-row export'},
        h('button', {type: 'button', class: 'button-small', text: 'Export JSON', onclick: () => exportAs('json')}),
        h('button', {type: 'button', class: 'button-small', text: 'Export CSV', onclick: () => exportAs('csv')}),
        status);
}
