// Deleting a document with the API's rules: uploaders and admins may; a committed record is kept
// unless an admin forces it.
import {api} from './api.js';
import {errorBox, h, replace} from './dom.js';
import {confirmDialog} from './dialog.js';

export function deleteDialog(doc, user, onDeleted) {
    const remove = (force) => async () => {
        await api.delete(`/documents/${encodeURIComponent(doc.id)}${force ? '?force=true' : ''}`);
        onDeleted();
    };
    const asked = confirmDialog('Delete document',
        h('p', {}, 'Delete ', h('strong', {text: doc.filename}), ' with all its extraction workflows and results?'),
        {confirm: 'Delete', className: 'button-danger', action: remove(false),
            failed: (error) => error.status === 409 && committed(asked, user, remove(true))});
}

function committed({message, buttons, button}, user, removeAnyway) {
    const explanation = 'This document has a committed workflow: its reviewed data is the record, so it is kept.';
    if (user.role !== 'admin') {
        replace(message, errorBox(`${explanation} Only an admin can delete it.`));
        return true;
    }
    replace(message, errorBox(explanation),
        h('p', {text: 'As an admin you can delete it anyway. The committed data will be gone for good.'}));
    const force = button({text: 'Delete anyway', className: 'button-danger', action: removeAnyway});
    buttons.append(force);
    force.focus();
    return true;
}
