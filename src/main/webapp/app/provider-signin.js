// Sign-in through the organisation's identity provider (OpenID Connect, authorisation code with PKCE):
// the tab goes to the provider's login page with a fresh verifier, nonce and state kept in the tab's
// session storage, and comes back to the workspace with a code, which docex takes for its own token.
import {ApiError, api, session} from './api.js';

const PENDING = 'docex.oidc';

function base64url(bytes) {
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function random(size) {
    return base64url(crypto.getRandomValues(new Uint8Array(size)));
}

async function challenge(verifier) {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    return base64url(new Uint8Array(digest));
}

/** Where the provider sends the user back: the workspace itself, without its screen or query. */
function redirectUri() {
    return location.origin + location.pathname;
}

/** The provider's sign-in, where docex has one configured; null otherwise (or when it cannot be asked). */
export async function providerConfig() {
    try {
        const config = await api.get('/auth/oidc/config');
        return config && config.enabled ? config : null;
    } catch {
        return null;
    }
}

/** Leaves for the provider's login page. */
export async function startProviderSignIn(config) {
    const verifier = random(32);
    const pending = {verifier, nonce: random(24), state: random(16), redirect: redirectUri()};
    sessionStorage.setItem(PENDING, JSON.stringify(pending));
    const query = new URLSearchParams({response_type: 'code', client_id: config.client_id, redirect_uri: pending.redirect,
        scope: config.scope, state: pending.state, nonce: pending.nonce, code_challenge: await challenge(verifier),
        code_challenge_method: 'S256'});
    location.assign(`${config.authorization_endpoint}?${query}`);
}

/**
 * Back from the provider: null where this load is no return from it; else the sign-in's end, as a
 * password login answers ({mfa_required}), or an Error whose message says what went wrong.
 */
export async function finishProviderSignIn() {
    const params = new URLSearchParams(location.search);
    if (!params.has('state') || !(params.has('code') || params.has('error'))) {
        return null;
    }
    const pending = JSON.parse(sessionStorage.getItem(PENDING) || 'null');
    sessionStorage.removeItem(PENDING);
    // The code is spent either way: the address bar forgets it (and a reload does not send it again).
    history.replaceState(null, '', location.pathname + location.hash);
    if (!pending || pending.state !== params.get('state')) {
        return new Error('That sign-in was not started in this tab. Please sign in again.');
    }
    if (params.has('error')) {
        return new Error(params.get('error') === 'access_denied' ? 'The sign-in at your organisation was cancelled.'
            : 'Your organisation\'s sign-in did not succeed. Please try again.');
    }
    try {
        const answer = await api.post('/auth/oidc/token', {code: params.get('code'), code_verifier: pending.verifier,
            redirect_uri: pending.redirect, nonce: pending.nonce});
        session.start(answer.access_token);
        return answer;
    } catch (error) {
        return new Error(error instanceof ApiError ? error.detail : 'The sign-in could not be finished. Please try again.');
    }
}
