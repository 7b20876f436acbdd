// Modal dialogs on the native <dialog>: it traps focus, closes on Escape and returns focus itself.
import {describeError, errorBox, h, replace} from './dom.js';

/**
 * Opens a dialog whose row of buttons gets Cancel first. Cancel comes once the dialog is open, so that
 * the dialog's first focus goes to the content's own first control.
 */
export function openDialog(title, ...content) {
    const heading = h('h2', {text: title, id: `dialog-title-${Date.now()}`});
    const dialog = h('dialog', {class: 'dialog', 'aria-labelledby': heading.id}, heading, ...content);
    dialog.addEventListener('close', () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector('.button-row').prepend(h('button', {type: 'button', text: 'Cancel', onclick: () => dialog.close()}));
    return dialog;
}

/**
 * Asks before an action: the message, Cancel and the confirm button. Returns the dialog's parts and
 * button(), which makes more buttons that act the same way.
 */
export function confirmDialog(title, content, {confirm, className, action, failed}) {
    const message = h('div', {class: 'stack'}, content);
    const buttons = h('div', {class: 'button-row'});
    const asked = {message, buttons};
    asked.button = (options) => actionButton(asked, options);
    buttons.append(asked.button({text: confirm, className, action, failed}));
    asked.dialog = openDialog(title, message, buttons);
    // Cancel first: Enter right after the dialog opened must not delete or deactivate anything.
    buttons.querySelector('button').focus();
    return asked;
}

/**
 * Disabled while its action runs; success closes the dialog. On a failure the button goes, and the error
 * takes the message's place unless failed(error) has handled it.
 */
function actionButton(asked, {text, className, action, failed = () => false}) {
    const button = h('button', {type: 'button', class: className, text});
    button.addEventListener('click', async () => {
        button.disabled = true;
        try {
            await action();
            asked.dialog.close();
        } catch (error) {
            button.remove();
            if (!failed(error)) {
                replace(asked.message, errorBox(describeError(error)));
            }
        }
    });
    return button;
}
