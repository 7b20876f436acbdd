// Deleting a document with the API's rules: uploaders and admins may; a committed record is kept
// unless an admin forces it.
import {api} from './api.js';
import {describeError, errorBox, h, replace} from './dom.js';
import {cancelButton, openDialog} from './dialog.js';

export function deleteDialog(doc, user, onDeleted) {
    const message = h('div', {class: 'stack'},
        h('p', {}, 'Delete ', h('strong', {text: doc.filename}), ' with all its extraction workflows and results?'));
    const confirm = h('button', {type: 'button', class: 'button-danger', text: 'Delete'});
    const buttons = h('div', {class: 'button-row'}, confirm);
    const dialog = openDialog('Delete document', message, buttons);
    buttons.prepend(cancelButton(dialog));
    const remove = async (force) => {
        try {
            await api.delete(`/documents/${encodeURIComponent(doc.id)}${force ? '?force=true' : ''}`);
            dialog.close();
            onDeleted();
        } catch (error) {
            if (error.status === 409 && !force) {
                committed(message, buttons, confirm, user, remove);
            } else {
                replace(message, errorBox(describeError(error)));
                confirm.remove();
            }
        }
    };
    confirm.addEventListener('click', () => remove(false));
}

function committed(message, buttons, confirm, user, remove) {
    confirm.remove();
    const explanation = 'This document has a committed workflow: its reviewed data is the record, so it is kept.';
    if (user.role === 'admin') {
        replace(message, errorBox(explanation),
            h('p', {text: 'As an admin you can delete it anyway. The committed data will be gone for good.'}));
        const force = h('button', {type: 'button', class: 'button-danger', text: 'Delete anyway',
            onclick: () => remove(true)});
        buttons.append(force);
        force.focus();
    } else {
        replace(message, errorBox(`${explanation} Only an admin can delete it.`));
    }
}
