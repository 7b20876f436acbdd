// Asking before a webhook's secret is replaced or the subscription deleted.
import {api} from './api.js';
import {h} from './dom.js';
import {confirmDialog} from './dialog.js';

/** onRotated gets the subscription with its new secret. */
export function rotateSecretDialog(subscription, onRotated) {
    confirmDialog('Rotate the signing secret', [
        h('p', {}, 'Replace the signing secret of ', url(subscription), '?'),
        h('p', {text: 'Events are signed with the new secret at once: give it to the receiver, or it will refuse them.'}),
    ], {confirm: 'Rotate secret', className: 'button-primary', action: async () => {
        onRotated(await api.post(`/webhooks/${subscription.id}/rotate-secret`, {}));
    }});
}

export function deleteWebhookDialog(subscription, onDeleted) {
    confirmDialog('Delete webhook', [
        h('p', {}, 'Delete the subscription of ', url(subscription), ' with its deliveries?'),
        h('p', {text: 'No more events are sent to it. This cannot be undone.'}),
    ], {confirm: 'Delete', className: 'button-danger', action: async () => {
        await api.delete(`/webhooks/${subscription.id}`);
        onDeleted();
    }});
}

function url(subscription) {
    return h('strong', {class: 'webhook-url', text: subscription.url});
}
