// One subscription's recent deliveries; refreshes itself while some are pending, for a little while.
import {api} from './api.js';
import {describeError, errorBox, focusOn, h, replace, uid} from './dom.js';
import {attempt} from './forms.js';
import {deliveriesTable} from './webhook-delivery-table.js';

const POLL_MS = 2000;
const POLLS = 15;

/** The panel below the subscriptions; a retry's refusal shows in messages. */
export function deliveriesPanel(messages) {
    const id = uid('deliveries');
    const heading = h('h3', {id: uid('deliveries-title'), tabindex: '-1'});
    const summary = h('p', {class: 'subtle', 'aria-live': 'polite'});
    const body = h('div', {class: 'deliveries-body'});
    const refresh = h('button', {type: 'button', class: 'button-small', text: 'Refresh'});
    const close = h('button', {type: 'button', class: 'button-small button-quiet', text: 'Close'});
    const element = h('section', {class: 'card deliveries', id, hidden: true, 'aria-labelledby': heading.id},
        h('div', {class: 'deliveries-head'}, heading, h('div', {class: 'button-row'}, refresh, close)),
        summary, body);
    let current = null;
    let timer = null;
    let polls = 0;
    let changed = () => {};

    const stop = () => {
        clearTimeout(timer);
        timer = null;
    };
    const retry = async (subscription, delivery) => {
        await attempt(messages, () => api.post(`/webhooks/${subscription.id}/deliveries/${delivery.id}/retry`, {}));
        reload();
    };
    const showPage = (shown, page) => {
        replace(body, page.items.length ? deliveriesTable(shown, page.items, (d) => retry(shown, d)) : h('p', {class: 'empty',
            text: 'Nothing sent yet. Send a test event to see how the receiver answers.'}));
        const pending = page.items.filter((d) => d.status === 'pending').length;
        summary.textContent = summaryWords(page, pending);
        if (pending && polls > 0 && element.isConnected) {
            polls -= 1;
            timer = setTimeout(load, POLL_MS);
        }
    };
    async function load() {
        stop();
        const shown = current;
        if (!shown) {
            return;
        }
        try {
            const page = await api.get(`/webhooks/${shown.id}/deliveries?limit=20`);
            if (current === shown) {
                showPage(shown, page);
            }
        } catch (error) {
            replace(body, errorBox(describeError(error)));
        }
    }
    function reload() {
        polls = POLLS;
        return load();
    }
    function hide() {
        stop();
        current = null;
        element.hidden = true;
        replace(body);
        summary.textContent = '';
    }
    function show(subscription) {
        current = subscription;
        heading.textContent = `Deliveries to ${subscription.url}`;
        refresh.setAttribute('aria-label', `Refresh deliveries of ${subscription.url}`);
        close.setAttribute('aria-label', `Close deliveries of ${subscription.url}`);
        replace(body, h('p', {class: 'loading', text: 'Loading deliveries…'}));
        summary.textContent = '';
        element.hidden = false;
        changed();
        reload();
        focusOn(heading);
    }
    const showing = (subscriptionId) => current !== null && current.id === subscriptionId;

    refresh.addEventListener('click', reload);
    close.addEventListener('click', () => {
        hide();
        changed();
        focusOn(document.getElementById('webhook-subscriptions'));
    });
    return {
        element,
        id,
        show,
        showing,
        refreshIf: (subscriptionId) => showing(subscriptionId) && reload(),
        closeIf: (subscriptionId) => showing(subscriptionId) && hide(),
        onChange: (handler) => {
            changed = handler;
        },
        stop,
    };
}

function summaryWords(page, pending) {
    return `${page.total === 1 ? '1 delivery' : `${page.total} deliveries`}`
        + `${page.total > page.items.length ? `, the latest ${page.items.length} shown` : ''}`
        + `${pending ? `, ${pending} pending` : ''}.`;
}
