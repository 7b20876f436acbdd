// Modal dialogs on the native <dialog>: it traps focus, closes on Escape and returns focus itself.
import {h} from './dom.js';

export function openDialog(title, ...content) {
    const heading = h('h2', {text: title, id: `dialog-title-${Date.now()}`});
    const dialog = h('dialog', {class: 'dialog', 'aria-labelledby': heading.id}, heading, ...content);
    dialog.addEventListener('close', () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
    return dialog;
}

export function cancelButton(dialog, text = 'Cancel') {
    return h('button', {type: 'button', text, onclick: () => dialog.close()});
}
