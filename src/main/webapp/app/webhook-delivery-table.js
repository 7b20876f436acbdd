// The table of one subscription's deliveries: event, status, attempts, the receiver's last answer.
import {h, when} from './dom.js';

const DELIVERY_WORDS = {pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed'};
const HEADS = ['Event', 'Status', 'Attempts', 'Last answer', 'Created', 'Next attempt / delivered', 'Actions'];

/** onRetry(delivery) sends a failed delivery again. */
export function deliveriesTable(subscription, items, onRetry) {
    return h('table', {class: 'data-table deliveries-table'},
        h('caption', {class: 'visually-hidden', text: `Deliveries to ${subscription.url}, newest first`}),
        h('thead', {}, h('tr', {}, HEADS.map((c) => h('th', {scope: 'col', class: c === 'Attempts' ? 'num' : null, text: c})))),
        h('tbody', {}, items.map((d) => row(d, onRetry))));
}

function row(d, onRetry) {
    return h('tr', {dataset: {delivery: d.id, status: d.status}},
        h('td', {}, h('code', {text: d.event_type})),
        h('td', {}, h('span', {class: `badge badge-${d.status}`, dataset: {status: d.status},
            text: DELIVERY_WORDS[d.status] || d.status})),
        h('td', {class: 'num', text: String(d.attempts)}),
        h('td', {class: 'last-answer'}, answer(d)),
        h('td', {}, when(d.created_at)),
        h('td', {}, timing(d)),
        h('td', {class: 'actions'}, d.status === 'failed' ? retryButton(d, onRetry) : null));
}

function retryButton(d, onRetry) {
    return h('button', {type: 'button', class: 'button-small', text: 'Retry',
        'aria-label': `Retry the ${d.event_type} delivery of ${dateText(d.created_at)}`, onclick: () => onRetry(d)});
}

function answer(delivery) {
    const words = delivery.last_error || (delivery.last_status_code ? `HTTP ${delivery.last_status_code}` : '—');
    if (!delivery.last_response) {
        return words;
    }
    return [h('span', {text: words}), h('details', {class: 'response'},
        h('summary', {text: 'Response'}), h('pre', {text: delivery.last_response}))];
}

function timing(delivery) {
    if (delivery.status === 'succeeded') {
        return [h('span', {class: 'subtle', text: 'Delivered '}), when(delivery.delivered_at)];
    }
    if (delivery.status === 'pending') {
        return [h('span', {class: 'subtle', text: 'Next '}), when(delivery.next_attempt_at)];
    }
    return h('span', {class: 'subtle', text: 'Given up'});
}

function dateText(iso) {
    const time = when(iso);
    return typeof time === 'string' ? time : time.textContent;
}
