// The vendor memory: the vendors docex learned from committed reviews, and what it learned of each.
// Everyone reads it; reviewers and admins make it forget a rule or a vendor.
import {api} from './api.js';
import {field, h, replace, when} from './dom.js';
import {confirmDialog} from './dialog.js';
import {fill} from './forms.js';

const RULE_HEADS = ['Field', 'Learned from', 'Learned', 'Confirmed', 'Corrected'];

export function render(container, ctx) {
    const [id] = ctx.params;
    if (id) {
        detail(container, ctx, id);
    } else {
        list(container);
    }
}

function list(container) {
    const search = h('input', {type: 'search', id: 'vendor-search', placeholder: 'Name, VAT id, IBAN or domain',
        maxlength: 200, autocomplete: 'off'});
    const region = h('div', {class: 'list-region', 'aria-live': 'polite'}, h('p', {class: 'loading', text: 'Loading vendors…'}));
    const load = () => fill(region, async () => {
        const q = search.value.trim();
        const page = await api.get(`/vendors?limit=200${q ? `&q=${encodeURIComponent(q)}` : ''}`);
        return page.items.length ? vendorsTable(page.items)
            : h('div', {class: 'empty'}, h('p', {class: 'empty-title', text: q ? 'No vendor matches' : 'Nothing learned yet'}),
                h('p', {text: 'Each committed review teaches docex the vendor of its invoice.'}));
    });
    let timer;
    search.addEventListener('input', () => {
        clearTimeout(timer);
        timer = setTimeout(load, 250);
    });
    replace(container,
        h('div', {class: 'page-head'}, h('h1', {text: 'Vendors'}),
            h('p', {class: 'lead', text: 'What committed reviews taught docex: the next invoice of a vendor is read with it.'})),
        h('div', {class: 'toolbar', role: 'search'}, field('Search', search)), region);
    load();
}

function vendorsTable(items) {
    return h('table', {class: 'data-table vendors'},
        h('caption', {class: 'visually-hidden', text: 'Vendors'}),
        h('thead', {}, h('tr', {}, ['Vendor', 'Identifiers', 'Documents', 'Learned fields', 'Last learned']
            .map((c) => h('th', {scope: 'col', text: c})))),
        h('tbody', {}, items.map((v) => h('tr', {dataset: {vendor: v.id}},
            h('td', {}, h('a', {href: `#/vendors/${encodeURIComponent(v.id)}`, text: v.name || '(no name)'})),
            h('td', {text: identifiers(v)}),
            h('td', {class: 'num', text: String(v.documents_committed)}),
            h('td', {class: 'num', text: String(v.learned_fields)}),
            h('td', {}, when(v.updated_at))))));
}

function identifiers(vendor) {
    const labels = {vat_id: 'VAT id', iban: 'IBAN', domain: 'Domain'};
    return Object.entries(vendor.identifiers || {}).filter(([kind]) => labels[kind])
        .map(([kind, value]) => `${labels[kind]} ${value}`).join(' · ');
}

function detail(container, ctx, id) {
    const region = h('div', {class: 'list-region', 'aria-live': 'polite'}, h('p', {class: 'loading', text: 'Loading…'}));
    const mayForget = ctx.user.role === 'reviewer' || ctx.user.role === 'admin';
    const heading = h('h1', {text: 'Vendor'});
    const load = () => fill(region, async () => {
        const vendor = await api.get(`/vendors/${encodeURIComponent(id)}`);
        heading.textContent = vendor.name || 'Vendor';
        return h('div', {class: 'stack'},
            h('p', {class: 'subtle', text: `${identifiers(vendor)} · ${vendor.documents_committed} committed document(s)`}),
            vendor.rules.length ? rulesTable(vendor, mayForget, ctx, load)
                : h('div', {class: 'empty'}, h('p', {class: 'empty-title', text: 'No field is learned for this vendor'})),
            mayForget ? h('div', {class: 'button-row'}, h('button', {type: 'button', class: 'button-danger',
                text: 'Forget this vendor', onclick: () => forgetVendor(vendor, ctx)})) : null);
    });
    replace(container, h('div', {class: 'page-head'}, h('p', {}, h('a', {href: '#/vendors', text: '← All vendors'})),
        heading, h('p', {class: 'lead', text: 'Each field docex reads for this vendor, and the review it learned it from.'})),
        region);
    load();
}

function rulesTable(vendor, mayForget, ctx, load) {
    return h('table', {class: 'data-table rules'},
        h('caption', {class: 'visually-hidden', text: 'Learned fields'}),
        h('thead', {}, h('tr', {}, [...RULE_HEADS, ...(mayForget ? ['Actions'] : [])]
            .map((c) => h('th', {scope: 'col', text: c})))),
        h('tbody', {}, vendor.rules.map((rule) => h('tr', {dataset: {field: rule.field}},
            h('td', {text: rule.field + (rule.added_by_reviewer ? ' (added by reviewers)' : '')}),
            h('td', {}, h('a', {href: `#/workflows/${encodeURIComponent(rule.learned_from_workflow)}`, text: 'Review'})),
            h('td', {}, when(rule.learned_at)),
            h('td', {class: 'num', text: String(rule.times_confirmed)}),
            h('td', {class: 'num', text: String(rule.times_corrected)}),
            mayForget ? h('td', {class: 'actions'}, h('button', {type: 'button', class: 'button-small', text: 'Forget',
                'aria-label': `Forget the rule for ${rule.field}`,
                onclick: () => forgetRule(vendor, rule, ctx, load)})) : null))));
}

function forgetRule(vendor, rule, ctx, load) {
    confirmDialog('Forget a learned field', h('p', {}, 'Forget how docex reads ', h('strong', {text: rule.field}),
        ` on invoices of ${vendor.name || 'this vendor'}? The next committed review may teach it again.`),
    {confirm: 'Forget', className: 'button-danger', action: async () => {
        await api.delete(`/vendors/${encodeURIComponent(vendor.id)}/rules/${encodeURIComponent(rule.field)}`);
        ctx.notify(`${rule.field} forgotten.`);
        load();
    }});
}

function forgetVendor(vendor, ctx) {
    confirmDialog('Forget a vendor', h('p', {}, 'Forget everything docex learned about ',
        h('strong', {text: vendor.name || 'this vendor'}), '?'),
    {confirm: 'Forget vendor', className: 'button-danger', action: async () => {
        await api.delete(`/vendors/${encodeURIComponent(vendor.id)}`);
        ctx.notify(`${vendor.name || 'Vendor'} forgotten.`);
        ctx.navigate('#/vendors');
    }});
}
