// The signed-in user's own account: password and two-step verification.
import {api} from './api.js';
import {field, h, replace} from './dom.js';
import {enrolment} from './mfa-enrolment.js';
import {sendOnSubmit} from './forms.js';

export function render(container, ctx) {
    const mfaSection = h('section', {class: 'card stack', 'aria-labelledby': 'mfa-title'});
    replace(container,
        h('div', {class: 'page-head'}, h('h1', {text: 'Account'}),
            h('p', {class: 'lead'}, 'Signed in as ', h('strong', {text: ctx.user.email}), ` (${ctx.user.role}).`)),
        h('div', {class: 'account-grid'}, passwordSection(ctx), mfaSection));
    mfaPanel(mfaSection, ctx);
}

function passwordSection(ctx) {
    const current = h('input', {type: 'password', autocomplete: 'current-password', required: true});
    const next = h('input', {type: 'password', autocomplete: 'new-password', required: true, minlength: 12});
    const again = h('input', {type: 'password', autocomplete: 'new-password', required: true});
    const errors = h('div', {class: 'form-errors'});
    const form = h('form', {class: 'stack', novalidate: true},
        field('Current password', current),
        field('New password', next, 'At least 12 characters; common passwords are refused.'),
        field('New password again', again), errors,
        h('button', {type: 'submit', class: 'button-primary', text: 'Change password'}));
    sendOnSubmit(form, errors, {
        check: () => (next.value !== again.value ? {message: 'The new passwords differ.'} : null),
        send: async () => {
            await api.post('/users/me/password', {current_password: current.value, new_password: next.value});
            // The server ended every session of this user, this one included.
            ctx.toSignIn('Password changed. Sign in with your new password.');
        },
    });
    return h('section', {class: 'card stack', 'aria-labelledby': 'password-title'},
        h('h2', {id: 'password-title', text: 'Password'}), form);
}

async function mfaPanel(section, ctx) {
    const me = await api.get('/users/me');
    const title = h('h2', {id: 'mfa-title', text: 'Two-step verification'});
    if (!me.mfa_enabled) {
        const start = h('button', {type: 'button', class: 'button-primary', text: 'Enable two-step verification',
            onclick: () => replace(section, title, enrolment({onDone: () => ctx.navigate('#/account')}))});
        replace(section, title, h('p', {text: 'Off. Sign-in asks only for your password.'}), start);
        return;
    }
    const code = h('input', {type: 'text', inputmode: 'numeric', autocomplete: 'one-time-code', required: true});
    const errors = h('div', {class: 'form-errors'});
    const form = h('form', {class: 'stack', novalidate: true},
        field('Code from your app or a recovery code', code), errors,
        h('button', {type: 'submit', class: 'button-danger', text: 'Disable two-step verification'}));
    sendOnSubmit(form, errors, {send: async () => {
        await api.delete('/users/mfa', {code: code.value.trim()});
        ctx.toSignIn('Two-step verification is off. Sign in again.');
    }});
    replace(section, title, h('p', {text: 'On. Sign-in asks for a code from your authenticator app.'}), form);
}
