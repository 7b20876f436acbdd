// The table of webhook subscriptions, each row with its actions.
import {h, when} from './dom.js';

const HEADS = ['URL', 'Events', 'Status', 'Created', 'Actions'];

/** actions: test, turn, rotate and remove take a subscription; deliveries is the deliveries panel. */
export function subscriptionsTable(items, actions) {
    return h('table', {class: 'data-table webhooks'},
        h('caption', {class: 'visually-hidden', text: 'Webhook subscriptions'}),
        h('thead', {}, h('tr', {}, HEADS.map((c) => h('th', {scope: 'col', text: c})))),
        h('tbody', {}, items.map((s) => row(s, actions))));
}

function row(s, actions) {
    return h('tr', {dataset: {url: s.url}},
        h('td', {}, h('span', {class: 'webhook-url', text: s.url}),
            s.description ? h('div', {class: 'subtle', text: s.description}) : null),
        h('td', {class: 'webhook-events', text: eventWords(s.events)}),
        h('td', {}, h('span', {class: `badge ${s.active ? 'badge-committed' : 'badge-none'}`, text: s.active ? 'Active' : 'Off'}),
            s.deactivated_reason ? h('div', {class: 'subtle', text: s.deactivated_reason}) : null),
        h('td', {}, when(s.created_at)),
        h('td', {class: 'actions'}, h('div', {class: 'action-buttons'}, buttons(s, actions))));
}

function buttons(s, {test, deliveries, turn, rotate, remove}) {
    const turnWords = s.active ? 'Turn off' : 'Turn on';
    return [
        button('Send test event', `Send test event to ${s.url}`, () => test(s)),
        button('Deliveries', `Deliveries of ${s.url}`, () => deliveries.show(s),
            {'aria-expanded': String(deliveries.showing(s.id)), 'aria-controls': deliveries.id}),
        button(turnWords, `${turnWords} ${s.url}`, () => turn(s)),
        button('Rotate secret', `Rotate secret of ${s.url}`, () => rotate(s)),
        button('Delete', `Delete ${s.url}`, () => remove(s), {}, 'button-danger-quiet'),
    ];
}

function button(text, label, onclick, extra = {}, className = '') {
    return h('button', {type: 'button', class: `button-small ${className}`.trim(), text, 'aria-label': label, onclick, ...extra});
}

function eventWords(events) {
    return events.includes('*') ? 'All events' : events.join(', ');
}
