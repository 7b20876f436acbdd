// Administration: webhook subscriptions, their signing secrets (shown once, never kept) and deliveries.
import {api} from './api.js';
import {describeError, errorBox, field, focusOn, h, replace, uid, when} from './dom.js';
import {confirmDialog} from './dialog.js';
import {attempt, sendOnSubmit} from './forms.js';

const EVENTS = ['document.uploaded', 'document.deleted', 'workflow.extracted', 'workflow.failed',
    'workflow.draft_saved', 'workflow.committed', 'workflow.rejected'];
const DELIVERY_WORDS = {pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed'};
const POLL_MS = 2000;
const POLLS = 15;

/** The webhooks part of the admin screen: returns the element and a function that stops its polling. */
export function webhooksSection(ctx) {
    const list = h('div', {class: 'list-region', 'aria-live': 'polite'},
        h('p', {class: 'loading', text: 'Loading webhooks…'}));
    const messages = h('div', {class: 'form-errors'});
    const secretRegion = h('div', {class: 'secret-region'});
    const deliveries = deliveriesPanel(messages);
    let subscriptions = [];

    const load = async () => {
        try {
            const page = await api.get('/webhooks?limit=200');
            subscriptions = page.items;
            replace(list, subscriptions.length ? table(subscriptions) : h('p', {class: 'empty',
                text: 'No webhooks yet: subscribe a URL above to have events sent to it.'}));
        } catch (error) {
            replace(list, errorBox(describeError(error)));
        }
    };
    const act = async (what, call) => {
        const result = await attempt(messages, async () => {
            const answer = await call();
            ctx.notify(what);
            return answer;
        });
        load();
        return result;
    };
    const showSecret = (subscription, rotated) => {
        replace(secretRegion, secretBox(subscription, rotated, () => replace(secretRegion)));
        focusOn(secretRegion.querySelector('h3'));
        secretRegion.scrollIntoView({block: 'center'});
    };

    function table(items) {
        return h('table', {class: 'data-table webhooks'},
            h('caption', {class: 'visually-hidden', text: 'Webhook subscriptions'}),
            h('thead', {}, h('tr', {}, ['URL', 'Events', 'Status', 'Created', 'Actions']
                .map((c) => h('th', {scope: 'col', text: c})))),
            h('tbody', {}, items.map((s) => h('tr', {dataset: {url: s.url}},
                h('td', {}, h('span', {class: 'webhook-url', text: s.url}),
                    s.description ? h('div', {class: 'subtle', text: s.description}) : null),
                h('td', {class: 'webhook-events', text: eventWords(s.events)}),
                h('td', {}, h('span', {class: `badge ${s.active ? 'badge-committed' : 'badge-none'}`,
                    text: s.active ? 'Active' : 'Off'}),
                s.deactivated_reason ? h('div', {class: 'subtle', text: s.deactivated_reason}) : null),
                h('td', {}, when(s.created_at)),
                h('td', {class: 'actions'}, h('div', {class: 'action-buttons'},
                    button('Send test event', `Send test event to ${s.url}`, () =>
                        act(`Test event queued for ${s.url}.`, () => api.post(`/webhooks/${s.id}/test`, {}))
                            .then((queued) => queued && deliveries.refreshIf(s.id))),
                    button('Deliveries', `Deliveries of ${s.url}`, () => deliveries.show(s),
                        {'aria-expanded': String(deliveries.showing() === s.id), 'aria-controls': deliveries.id}),
                    button(s.active ? 'Turn off' : 'Turn on', `${s.active ? 'Turn off' : 'Turn on'} ${s.url}`, () =>
                        act(`${s.url} turned ${s.active ? 'off' : 'on'}.`,
                            () => api.patch(`/webhooks/${s.id}`, {active: !s.active}))),
                    button('Rotate secret', `Rotate secret of ${s.url}`, () => confirmDialog('Rotate the signing secret',
                        [h('p', {}, 'Replace the signing secret of ', h('strong', {class: 'webhook-url', text: s.url}), '?'),
                            h('p', {text: 'Events are signed with the new secret at once: give it to the receiver, '
                                + 'or it will refuse them.'})],
                        {confirm: 'Rotate secret', className: 'button-primary', action: async () => {
                            const rotated = await api.post(`/webhooks/${s.id}/rotate-secret`, {});
                            ctx.notify(`Secret of ${s.url} rotated.`);
                            showSecret(rotated, true);
                        }})),
                    button('Delete', `Delete ${s.url}`, () => confirmDialog('Delete webhook',
                        [h('p', {}, 'Delete the subscription of ', h('strong', {class: 'webhook-url', text: s.url}),
                            ' with its deliveries?'),
                        h('p', {text: 'No more events are sent to it. This cannot be undone.'})],
                        {confirm: 'Delete', className: 'button-danger', action: async () => {
                            await api.delete(`/webhooks/${s.id}`);
                            ctx.notify(`Webhook ${s.url} deleted.`);
                            deliveries.closeIf(s.id);
                            load();
                        }}), {}, 'button-danger-quiet')))))));
    }

    const section = h('section', {class: 'webhooks-admin', 'aria-labelledby': 'webhooks-heading'},
        h('h2', {id: 'webhooks-heading', text: 'Webhooks'}),
        h('p', {class: 'lead', text: 'Signed events sent to other systems when documents and workflows change.'}),
        secretRegion,
        createForm(ctx, (created) => {
            showSecret(created, false);
            load();
        }),
        messages,
        h('h3', {id: 'webhook-subscriptions', tabindex: '-1', text: 'Subscriptions'}), list,
        deliveries.element);
    deliveries.onChange(load);
    load();
    return {element: section, leave: () => deliveries.stop()};
}

function button(text, label, onclick, extra = {}, className = '') {
    return h('button', {type: 'button', class: `button-small ${className}`.trim(), text, 'aria-label': label, onclick, ...extra});
}

function eventWords(events) {
    return events.includes('*') ? 'All events' : events.join(', ');
}

function createForm(ctx, onCreated) {
    const url = h('input', {type: 'url', autocomplete: 'off', required: true, placeholder: 'https://'});
    const description = h('input', {type: 'text', autocomplete: 'off', maxlength: 500});
    const all = h('input', {type: 'checkbox', value: '*'});
    const boxes = EVENTS.map((name) => h('input', {type: 'checkbox', value: name}));
    const errors = h('div', {class: 'form-errors'});
    const hint = h('small', {class: 'hint', id: uid('hint'),
        text: 'A test event can be sent to any subscription, whatever it listens to.'});
    const chosen = () => (all.checked ? ['*'] : boxes.filter((box) => box.checked).map((box) => box.value));
    all.addEventListener('change', () => boxes.forEach((box) => {
        box.disabled = all.checked;
    }));
    const form = h('form', {class: 'inline-form card webhook-form', 'aria-label': 'Subscribe a URL to events', novalidate: true},
        h('h3', {text: 'Subscribe a URL to events'}),
        h('div', {class: 'webhook-form-grid'},
            field('Receiver URL', url, 'http or https; it must answer 2xx within 10 seconds.'),
            field('Description (optional)', description),
            h('fieldset', {class: 'event-choice', 'aria-describedby': hint.id},
                h('legend', {text: 'Events'}),
                h('label', {class: 'check check-all'}, all, 'All events, also those added later'),
                h('div', {class: 'event-boxes'}, boxes.map((box) => h('label', {class: 'check'}, box, h('code', {text: box.value})))),
                hint),
            h('button', {type: 'submit', class: 'button-primary', text: 'Subscribe'})),
        errors);
    sendOnSubmit(form, errors, {
        check: () => {
            if (!url.value.trim()) {
                return {message: 'Enter the receiver’s URL.', focus: url};
            }
            return chosen().length === 0 ? {message: 'Choose the events to send, or all events.', focus: all} : null;
        },
        send: async () => {
            const body = {url: url.value.trim(), events: chosen()};
            if (description.value.trim()) {
                body.description = description.value.trim();
            }
            const created = await api.post('/webhooks', body);
            ctx.notify(`Webhook ${created.url} subscribed.`);
            form.reset();
            boxes.forEach((box) => {
                box.disabled = false;
            });
            onCreated(created);
        },
    });
    return form;
}

/** The secret of a new or rotated subscription: in the page only, until the admin closes the box. */
function secretBox(subscription, rotated, onClose) {
    const status = h('p', {class: 'hint', role: 'status'});
    const secret = h('code', {class: 'secret', text: subscription.secret});
    return h('div', {class: 'secret-once', role: 'region', 'aria-labelledby': 'webhook-secret-heading'},
        h('h3', {id: 'webhook-secret-heading', text: rotated ? 'New signing secret' : 'Signing secret'}),
        h('p', {}, rotated ? 'The new secret of ' : 'The secret of ', h('strong', {class: 'webhook-url', text: subscription.url}),
            '. The receiver checks the ', h('code', {text: 'webhook-signature'}), ' header of each event with it.'),
        secret,
        h('p', {class: 'secret-warning'}, h('strong', {text: 'It will not be shown again.'}),
            ' Copy it now (select it and press Ctrl+C, or use Copy) and store it with the receiver.'),
        h('div', {class: 'button-row'},
            h('button', {type: 'button', text: 'Copy', 'aria-label': 'Copy the signing secret', onclick: async () => {
                try {
                    await navigator.clipboard.writeText(subscription.secret);
                    status.textContent = 'Copied.';
                } catch {
                    status.textContent = 'Copying is not allowed here: select the secret and copy it.';
                }
            }}),
            h('button', {type: 'button', class: 'button-primary', text: 'I have stored it', onclick: onClose})),
        status);
}

/** One subscription's recent deliveries; refreshes itself while some are pending, for a little while. */
function deliveriesPanel(messages) {
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
    const load = async () => {
        stop();
        const shown = current;
        if (!shown) {
            return;
        }
        try {
            const page = await api.get(`/webhooks/${shown.id}/deliveries?limit=20`);
            if (current !== shown) {
                return;
            }
            replace(body, page.items.length ? table(shown, page.items) : h('p', {class: 'empty',
                text: 'Nothing sent yet. Send a test event to see how the receiver answers.'}));
            const pending = page.items.filter((d) => d.status === 'pending').length;
            summary.textContent = `${page.total === 1 ? '1 delivery' : `${page.total} deliveries`}`
                + `${page.total > page.items.length ? `, the latest ${page.items.length} shown` : ''}`
                + `${pending ? `, ${pending} pending` : ''}.`;
            if (pending && polls > 0 && element.isConnected) {
                polls -= 1;
                timer = setTimeout(load, POLL_MS);
            }
        } catch (error) {
            replace(body, errorBox(describeError(error)));
        }
    };
    const reload = () => {
        polls = POLLS;
        return load();
    };
    const retry = async (subscription, delivery) => {
        await attempt(messages, () => api.post(`/webhooks/${subscription.id}/deliveries/${delivery.id}/retry`, {}));
        reload();
    };

    function table(subscription, items) {
        return h('table', {class: 'data-table deliveries-table'},
            h('caption', {class: 'visually-hidden', text: `Deliveries to ${subscription.url}, newest first`}),
            h('thead', {}, h('tr', {}, ['Event', 'Status', 'Attempts', 'Last answer', 'Created', 'Next attempt / delivered', 'Actions']
                .map((c) => h('th', {scope: 'col', class: c === 'Attempts' ? 'num' : null, text: c})))),
            h('tbody', {}, items.map((d) => h('tr', {dataset: {delivery: d.id, status: d.status}},
                h('td', {}, h('code', {text: d.event_type})),
                h('td', {}, h('span', {class: `badge badge-${d.status}`, dataset: {status: d.status},
                    text: DELIVERY_WORDS[d.status] || d.status})),
                h('td', {class: 'num', text: String(d.attempts)}),
                h('td', {class: 'last-answer'}, answer(d)),
                h('td', {}, when(d.created_at)),
                h('td', {}, timing(d)),
                h('td', {class: 'actions'}, d.status === 'failed' ? h('button', {type: 'button', class: 'button-small',
                    text: 'Retry', 'aria-label': `Retry the ${d.event_type} delivery of ${dateText(d.created_at)}`,
                    onclick: () => retry(subscription, d)}) : null)))));
    }

    refresh.addEventListener('click', reload);
    close.addEventListener('click', () => {
        hide();
        changed();
        focusOn(document.getElementById('webhook-subscriptions'));
    });

    function hide() {
        stop();
        current = null;
        element.hidden = true;
        replace(body);
        summary.textContent = '';
    }

    return {
        element,
        id,
        showing: () => current && current.id,
        show(subscription) {
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
        },
        refreshIf(subscriptionId) {
            if (current && current.id === subscriptionId) {
                reload();
            }
        },
        closeIf(subscriptionId) {
            if (current && current.id === subscriptionId) {
                hide();
            }
        },
        onChange(handler) {
            changed = handler;
        },
        stop,
    };
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
