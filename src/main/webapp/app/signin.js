// Sign-in: password, then the one-time code when the account has MFA, then enrolment when the
// account's role must have MFA and it has none yet.
import {ApiError, api, session} from './api.js';
import {field, focusOn, h, replace} from './dom.js';
import {sendOnSubmit} from './forms.js';
import {enrolment} from './mfa-enrolment.js';
import {finishProviderSignIn, providerConfig, startProviderSignIn} from './provider-signin.js';

const ENROLMENT_REQUIRED = 'Multi-factor enrollment required';

function card(title, ...content) {
    const heading = h('h1', {text: title, id: 'signin-title'});
    return {heading, el: h('section', {class: 'signin-card', 'aria-labelledby': heading.id},
        h('p', {class: 'brand-large', text: 'docex'}), heading, ...content)};
}

function show(container, view, focus) {
    replace(container, h('div', {class: 'signin-page'}, view.el));
    focusOn(focus || view.heading);
}

export function render(container, {message, signedIn}) {
    const email = h('input', {type: 'email', name: 'username', autocomplete: 'username', required: true});
    const password = h('input', {type: 'password', name: 'password', autocomplete: 'current-password', required: true});
    const errors = h('div', {class: 'form-errors'});
    const form = h('form', {class: 'stack', novalidate: true},
        field('E-mail address', email), field('Password', password), errors,
        h('button', {type: 'submit', class: 'button-primary', text: 'Sign in'}));
    sendOnSubmit(form, errors, {
        check: () => (!email.value || !password.value ? {message: 'Enter your e-mail address and password.'} : null),
        send: async () => {
            const login = await api.postForm('/users/login', {username: email.value, password: password.value});
            session.start(login.access_token);
            await next(container, {mfaRequired: login.mfa_required, signedIn});
        },
        failed: () => focusOn(password),
    });
    // Where docex signs users in through their organisation's identity provider, a way there beside the password.
    const provider = h('div', {class: 'provider-signin'});
    const view = card('Sign in', message ? h('p', {class: 'alert alert-info', role: 'status', text: message}) : null, form, provider);
    show(container, view, email);
    providerConfig().then((config) => {
        if (config) {
            replace(provider, h('p', {class: 'or', text: 'or'}),
                h('button', {type: 'button', class: 'button-provider', text: 'Sign in with your organisation\'s account',
                    onclick: () => startProviderSignIn(config)}));
        }
    });
}

/**
 * A load that returns from the identity provider: signs in with its code (then the challenge, as after
 * a password). Answers false where this load is no such return; shows sign-in with the reason where it failed.
 */
export async function returnFromProvider(container, {signedIn}) {
    const result = await finishProviderSignIn();
    if (result === null) {
        return false;
    }
    if (result instanceof Error) {
        render(container, {message: result.message, signedIn});
    } else {
        await next(container, {mfaRequired: result.mfa_required, signedIn});
    }
    return true;
}

/** After a reload: the token in this tab may still need its challenge or enrolment. */
export async function resume(container, {signedIn}) {
    const me = await api.get('/users/me');
    await next(container, {mfaRequired: me.mfa_enabled && !me.mfa_verified, signedIn});
}

async function next(container, {mfaRequired, signedIn}) {
    if (mfaRequired) {
        challenge(container, signedIn);
    } else if (await mustEnrol()) {
        enrol(container, signedIn);
    } else {
        await signedIn();
    }
}

async function mustEnrol() {
    try {
        await api.get('/documents/list?limit=1');
        return false;
    } catch (error) {
        return error instanceof ApiError && error.status === 403 && error.detail === ENROLMENT_REQUIRED;
    }
}

function challenge(container, signedIn) {
    const code = h('input', {type: 'text', name: 'code', inputmode: 'numeric', autocomplete: 'one-time-code',
        required: true, spellcheck: 'false'});
    const errors = h('div', {class: 'form-errors'});
    const form = h('form', {class: 'stack', novalidate: true},
        field('Authentication code', code, 'The 6-digit code from your authenticator app, or one of your recovery codes.'),
        errors, h('button', {type: 'submit', class: 'button-primary', text: 'Verify'}));
    sendOnSubmit(form, errors, {
        send: async () => {
            const answer = await api.post('/users/mfa/challenge', {code: code.value.trim()});
            session.start(answer.access_token);
            await signedIn();
        },
        failed: () => {
            code.select();
            focusOn(code);
        },
    });
    show(container, card('Two-step verification', form), code);
}

function enrol(container, signedIn) {
    const intro = h('p', {text: 'Your role must use two-step verification. Set it up now to continue.'});
    const view = card('Set up two-step verification', intro, enrolment({onDone: signedIn}));
    show(container, view);
}
