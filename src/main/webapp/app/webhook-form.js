// Subscribing a URL to events: all of them (also those added later) or the ones chosen.
import {api} from './api.js';
import {field, h, uid} from './dom.js';
import {sendOnSubmit} from './forms.js';

const EVENTS = ['document.uploaded', 'document.deleted', 'workflow.extracted', 'workflow.failed',
    'workflow.draft_saved', 'workflow.committed', 'workflow.rejected', 'workflow.reopened'];

/** The form that subscribes a URL; onCreated gets the new subscription with its secret. */
export function subscribeForm(ctx, onCreated) {
    const url = h('input', {type: 'url', autocomplete: 'off', required: true, placeholder: 'https://'});
    const description = h('input', {type: 'text', autocomplete: 'off', maxlength: 500});
    const events = eventChoice();
    const errors = h('div', {class: 'form-errors'});
    const form = h('form', {class: 'inline-form card webhook-form', 'aria-label': 'Subscribe a URL to events', novalidate: true},
        h('h3', {text: 'Subscribe a URL to events'}),
        h('div', {class: 'webhook-form-grid'},
            field('Receiver URL', url, 'http or https; it must answer 2xx within 10 seconds.'),
            field('Description (optional)', description),
            events.element,
            h('button', {type: 'submit', class: 'button-primary', text: 'Subscribe'})),
        errors);
    sendOnSubmit(form, errors, {
        check: () => {
            if (!url.value.trim()) {
                return {message: 'Enter the receiver’s URL.', focus: url};
            }
            return events.chosen().length === 0 ? {message: 'Choose the events to send, or all events.', focus: events.all} : null;
        },
        send: async () => {
            const body = {url: url.value.trim(), events: events.chosen()};
            if (description.value.trim()) {
                body.description = description.value.trim();
            }
            const created = await api.post('/webhooks', body);
            ctx.notify(`Webhook ${created.url} subscribed.`);
            form.reset();
            events.enable();
            onCreated(created);
        },
    });
    return form;
}

/** "All events" or a box for each event; all of them greys the boxes out. */
function eventChoice() {
    const all = h('input', {type: 'checkbox', value: '*'});
    const boxes = EVENTS.map((name) => h('input', {type: 'checkbox', value: name}));
    const enable = (enabled) => boxes.forEach((box) => {
        box.disabled = !enabled;
    });
    all.addEventListener('change', () => enable(!all.checked));
    const hint = h('small', {class: 'hint', id: uid('hint'),
        text: 'A test event can be sent to any subscription, whatever it listens to.'});
    const labelled = (box) => h('label', {class: 'check'}, box, h('code', {text: box.value}));
    const element = h('fieldset', {class: 'event-choice', 'aria-describedby': hint.id},
        h('legend', {text: 'Events'}),
        h('label', {class: 'check check-all'}, all, 'All events, also those added later'),
        h('div', {class: 'event-boxes'}, boxes.map(labelled)),
        hint);
    return {
        element,
        all,
        chosen: () => (all.checked ? ['*'] : boxes.filter((box) => box.checked).map((box) => box.value)),
        enable: () => enable(true),
    };
}
