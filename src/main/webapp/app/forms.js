// Forms and buttons that call the API: what the API refuses shows, as its detail, in the error element
// of the form or screen that asked.
import {describeError, errorBox, focusOn, replace} from './dom.js';

/**
 * On submit: check() may refuse first with {message, focus}; then the submit button is disabled while
 * send() runs, and a refusal of the API shows in errors before failed(error) runs.
 */
export function sendOnSubmit(form, errors, {check = () => null, send, failed}) {
    const submit = form.querySelector('button[type="submit"]');
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        replace(errors);
        const refusal = check();
        if (refusal) {
            replace(errors, errorBox(refusal.message));
            focusOn(refusal.focus);
            return;
        }
        const hadFocus = document.activeElement === submit;
        submit.disabled = true;
        try {
            await attempt(errors, send, failed);
        } finally {
            submit.disabled = false;
            // A disabled button drops the focus: give it back unless something else has taken it.
            if (hadFocus && submit.isConnected && document.activeElement === document.body) {
                submit.focus();
            }
        }
    });
}

/** Runs an API call whose refusal shows in errors; returns what the call returned, or null when it failed. */
export async function attempt(errors, call, failed = () => {}) {
    replace(errors);
    try {
        return await call();
    } catch (error) {
        // A 401 has put sign-in in place of the screen: there is nothing left to tell here.
        if (errors.isConnected) {
            replace(errors, errorBox(describeError(error)));
            failed(error);
        }
        return null;
    }
}
