// Forms, buttons and lists that call the API: what the API refuses shows, as its detail, in the
// element of the form or screen that asked.
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

/**
 * The actions of a list's rows: act(what, call) runs call, says what was done with notify, shows a
 * refusal in messages and loads the list again either way; it returns what the call returned, or null.
 */
export function rowActions(messages, notify, reload) {
    return async (what, call) => {
        const result = await attempt(messages, async () => {
            const answer = await call();
            notify(what);
            return answer;
        });
        reload();
        return result;
    };
}

/** Puts what draw() builds from the API into region, or the refusal in its place. */
export async function fill(region, draw) {
    try {
        replace(region, await draw());
    } catch (error) {
        replace(region, errorBox(describeError(error)));
    }
}
