// A webhook's signing secret, which the API returns once: shown in the page, never stored.
import {copyButton, h} from './dom.js';

/** The secret of a new or rotated subscription: in the page only, until the admin closes the box. */
export function secretBox(subscription, rotated, onClose) {
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
            copyButton(subscription.secret, status, 'Copying is not allowed here: select the secret and copy it.',
                {'aria-label': 'Copy the signing secret'}),
            h('button', {type: 'button', class: 'button-primary', text: 'I have stored it', onclick: onClose})),
        status);
}
