// The shell: who is signed in, the navigation, and which screen shows for the address.
import {api, onUnauthorized, session} from './api.js';
import {describeError, focusOn, h, replace} from './dom.js';
import * as signIn from './signin.js';
import * as documents from './documents.js';
import * as queue from './queue.js';
import * as review from './review.js';
import * as admin from './admin.js';
import * as account from './account.js';
import * as vendors from './vendors.js';

const main = document.getElementById('main');
const topbar = document.getElementById('topbar');
const toast = document.getElementById('toast');
let user = null;
let leaveScreen = null;

const ROUTES = [
    {pattern: /^#\/documents$/, screen: documents},
    {pattern: /^#\/queue$/, screen: queue},
    {pattern: /^#\/workflows\/([\w-]+)$/, screen: review},
    {pattern: /^#\/admin$/, screen: admin, role: 'admin'},
    {pattern: /^#\/account$/, screen: account},
    {pattern: /^#\/vendors$/, screen: vendors},
    {pattern: /^#\/vendors\/([\w-]+)$/, screen: vendors},
];

function notify(message) {
    toast.textContent = message;
    toast.classList.add('visible');
    clearTimeout(notify.timer);
    notify.timer = setTimeout(() => toast.classList.remove('visible'), 5000);
}

function navigate(hash) {
    if (location.hash === hash) {
        show();
    } else {
        location.hash = hash;
    }
}

function leave() {
    if (leaveScreen) {
        leaveScreen();
        leaveScreen = null;
    }
}

/** Back to sign-in, with a short message saying why. */
function toSignIn(message) {
    leave();
    user = null;
    session.end();
    // What the lists kept for the tab (search, filters, page) is the signed-out user's: not the next one's.
    ['docex.documents', 'docex.queue'].forEach((key) => sessionStorage.removeItem(key));
    topbar.hidden = true;
    signIn.render(main, {message, signedIn});
}

async function signedIn() {
    user = await api.get('/users/me');
    renderTopbar();
    if (!/^#\/(documents|queue|workflows|admin|account|vendors)/.test(location.hash)) {
        history.replaceState(null, '', '#/documents');
    }
    show();
}

function renderTopbar() {
    const nav = document.getElementById('nav');
    const links = [['#/documents', 'Documents'], ['#/queue', 'Queue'], ['#/vendors', 'Vendors'], ['#/account', 'Account']];
    if (user.role === 'admin') {
        links.splice(3, 0, ['#/admin', 'Administration']);
    }
    replace(nav, h('ul', {}, links.map(([href, text]) => h('li', {}, h('a', {href, text, dataset: {nav: href}})))));
    replace(document.getElementById('who'),
        h('span', {class: 'who-email', text: user.email}),
        h('span', {class: `role role-${user.role}`, text: user.role}),
        h('button', {type: 'button', class: 'button-quiet', id: 'sign-out', text: 'Sign out', onclick: signOut}));
    topbar.hidden = false;
}

async function signOut() {
    try {
        await api.post('/users/logout');
    } catch {
        // Signed out either way: the token is forgotten below.
    }
    toSignIn('You are signed out.');
}

function show() {
    if (!session.signedIn() || !user) {
        return;
    }
    leave();
    const route = ROUTES.find((r) => r.pattern.test(location.hash));
    if (!route || (route.role && user.role !== route.role)) {
        navigate('#/documents');
        return;
    }
    for (const link of document.querySelectorAll('[data-nav]')) {
        if (location.hash.startsWith(link.dataset.nav)) {
            link.setAttribute('aria-current', 'page');
        } else {
            link.removeAttribute('aria-current');
        }
    }
    const params = location.hash.match(route.pattern).slice(1);
    replace(main);
    leaveScreen = route.screen.render(main, {user, navigate, notify, toSignIn, params}) || null;
    focusOn(main.querySelector('h1'));
    // Each tab says what it shows (a review then names its document itself).
    const heading = main.querySelector('h1');
    document.title = `${heading && heading.textContent.trim() ? heading.textContent.trim() : 'Review workspace'} · docex`;
}

// What a signed-out user is told, by the reason the server gave for ending the session.
const SESSION_ENDED = {
    session_expired: 'Your session has expired. Please sign in again.',
    session_ended: 'Your session was ended: you signed out, or your password or two-step verification was changed. Please sign in again.',
    account_changed: 'Your account was changed (its role or e-mail address). Please sign in again.',
    account_deactivated: 'Your account has been deactivated. Ask an administrator if you need access again.',
};
onUnauthorized((error) => toSignIn(SESSION_ENDED[error.reason] || 'Your session has ended. Please sign in again.'));
window.addEventListener('hashchange', show);

// A load that returns from the organisation's sign-in finishes it; any other resumes the tab's session or signs in.
signIn.returnFromProvider(main, {signedIn}).then((returned) => {
    if (returned) {
        return;
    }
    if (session.signedIn()) {
        signIn.resume(main, {signedIn}).catch((error) => {
            // A 401 has already brought sign-in back with its message.
            if (session.signedIn()) {
                toSignIn(describeError(error));
            }
        });
    } else {
        toSignIn();
    }
});
