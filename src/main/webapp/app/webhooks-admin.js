// Administration: webhook subscriptions, their signing secrets (shown once, never kept) and deliveries.
import {api} from './api.js';
import {focusOn, h, replace} from './dom.js';
import {fill, rowActions} from './forms.js';
import {deliveriesPanel} from './webhook-deliveries.js';
import {deleteWebhookDialog, rotateSecretDialog} from './webhook-dialogs.js';
import {subscribeForm} from './webhook-form.js';
import {subscriptionsTable} from './webhook-list.js';
import {secretBox} from './webhook-secret.js';

/** The webhooks part of the admin screen: returns the element and a function that stops its polling. */
export function webhooksSection(ctx) {
    const list = h('div', {class: 'list-region', 'aria-live': 'polite'},
        h('p', {class: 'loading', text: 'Loading webhooks…'}));
    const messages = h('div', {class: 'form-errors'});
    const secretRegion = h('div', {class: 'secret-region'});
    const deliveries = deliveriesPanel(messages);

    const load = () => fill(list, async () => {
        const page = await api.get('/webhooks?limit=200');
        return page.items.length ? subscriptionsTable(page.items, actions) : h('p', {class: 'empty',
            text: 'No webhooks yet: subscribe a URL above to have events sent to it.'});
    });
    const act = rowActions(messages, ctx.notify, load);
    const showSecret = (subscription, rotated) => {
        replace(secretRegion, secretBox(subscription, rotated, () => replace(secretRegion)));
        focusOn(secretRegion.querySelector('h3'));
        secretRegion.scrollIntoView({block: 'center'});
    };
    const actions = {
        deliveries,
        test: (s) => act(`Test event queued for ${s.url}.`, () => api.post(`/webhooks/${s.id}/test`, {}))
            .then((queued) => queued && deliveries.refreshIf(s.id)),
        turn: (s) => act(`${s.url} turned ${s.active ? 'off' : 'on'}.`, () => api.patch(`/webhooks/${s.id}`, {active: !s.active})),
        rotate: (s) => rotateSecretDialog(s, (rotated) => {
            ctx.notify(`Secret of ${s.url} rotated.`);
            showSecret(rotated, true);
        }),
        remove: (s) => deleteWebhookDialog(s, () => {
            ctx.notify(`Webhook ${s.url} deleted.`);
            deliveries.closeIf(s.id);
            load();
        }),
    };

    const form = subscribeForm(ctx, (created) => {
        showSecret(created, false);
        load();
    });
    const section = h('section', {class: 'webhooks-admin', 'aria-labelledby': 'webhooks-heading'},
        h('h2', {id: 'webhooks-heading', text: 'Webhooks'}),
        h('p', {class: 'lead', text: 'Signed events sent to other systems when documents and workflows change.'}),
        secretRegion, form, messages,
        h('h3', {id: 'webhook-subscriptions', tabindex: '-1', text: 'Subscriptions'}), list,
        deliveries.element);
    deliveries.onChange(load);
    load();
    return {element: section, leave: () => deliveries.stop()};
}
