// Administration: users, their roles, deactivation and MFA resets; webhooks (webhooks-admin.js).
import {api} from './api.js';
import {field, h, replace, when} from './dom.js';
import {confirmDialog, openDialog} from './dialog.js';
import {fill, rowActions, sendOnSubmit} from './forms.js';
import {webhooksSection} from './webhooks-admin.js';

const ROLES = ['analyst', 'reviewer', 'admin'];
const HEADS = ['E-mail', 'Role', 'Status', 'MFA', 'Created', 'Actions'];

export function render(container, ctx) {
    const list = h('div', {class: 'list-region', 'aria-live': 'polite'}, h('p', {class: 'loading', text: 'Loading users…'}));
    const messages = h('div', {class: 'form-errors'});
    const load = () => fill(list, async () => usersTable((await api.get('/users?limit=200')).items, act));
    const act = rowActions(messages, ctx.notify, load);

    const webhooks = webhooksSection(ctx);
    replace(container,
        h('div', {class: 'page-head'}, h('h1', {text: 'Administration'}),
            h('p', {class: 'lead', text: 'Who may use docex, and in which role; where its events are sent.'})),
        createForm(ctx, load), messages,
        h('h2', {text: 'Users'}), list,
        webhooks.element);
    load();
    return webhooks.leave;
}

function usersTable(users, act) {
    return h('table', {class: 'data-table users'},
        h('caption', {class: 'visually-hidden', text: 'Users'}),
        h('thead', {}, h('tr', {}, HEADS.map((c) => h('th', {scope: 'col', text: c})))),
        h('tbody', {}, users.map((user) => userRow(user, act))));
}

function userRow(user, act) {
    const role = h('select', {'aria-label': `Role of ${user.email}`},
        ROLES.map((r) => h('option', {value: r, text: r, selected: r === user.role})));
    // A role is a grant: asked before it changes (and the select put back when the answer is no).
    role.addEventListener('change', () => {
        const wanted = role.value;
        role.value = user.role;
        confirmDialog('Change the role', h('p', {}, 'Change the role of ', h('strong', {text: user.email}),
            ` from ${user.role} to ${wanted}? Their sessions end and they sign in again.`),
        {confirm: `Make ${wanted}`, className: 'button-primary',
            action: () => act(`Role of ${user.email} changed to ${wanted}.`, () => api.patch(`/users/${user.id}`, {role: wanted}))});
    });
    return h('tr', {dataset: {email: user.email}},
        h('td', {text: user.email}),
        h('td', {}, role),
        h('td', {}, h('span', {class: `badge ${user.active ? 'badge-committed' : 'badge-none'}`,
            text: user.active ? 'Active' : 'Deactivated'})),
        h('td', {text: user.mfa_enabled ? 'On' : 'Off'}),
        h('td', {}, when(user.created_at)),
        h('td', {class: 'actions'}, userButtons(user, act)));
}

function userButtons(user, act) {
    const turn = user.active ? 'Deactivate' : 'Activate';
    const change = () => act(`${user.email} ${user.active ? 'deactivated' : 'activated'}.`,
        () => api.patch(`/users/${user.id}`, {active: !user.active}));
    const toggle = h('button', {type: 'button', class: 'button-small', text: turn, 'aria-label': `${turn} ${user.email}`,
        onclick: () => (user.active
            ? confirmDialog('Deactivate the user', h('p', {}, 'Deactivate ', h('strong', {text: user.email}),
                '? They are signed out at once and cannot sign in until an admin activates them again.'),
            {confirm: 'Deactivate', className: 'button-danger', action: change})
            : change())});
    const password = h('button', {type: 'button', class: 'button-small', text: 'Set password…',
        'aria-label': `Set a new password for ${user.email}`, onclick: () => passwordDialog(user, act)});
    const resetMfa = user.mfa_enabled ? h('button', {type: 'button', class: 'button-small',
        text: 'Reset MFA', 'aria-label': `Reset MFA of ${user.email}`,
        onclick: () => act(`MFA of ${user.email} reset.`, () => api.post(`/users/${user.id}/mfa/reset`, {}))}) : null;
    return [toggle, password, resetMfa];
}

/** An admin sets a new password for a user who forgot theirs; it ends the user's sessions. */
function passwordDialog(user, act) {
    const password = h('input', {type: 'password', autocomplete: 'new-password', required: true, minlength: 12, maxlength: 256});
    const errors = h('div', {class: 'form-errors'});
    const form = h('form', {class: 'stack'},
        h('p', {}, 'A new password for ', h('strong', {text: user.email}), '. Tell it to them in person or by phone;'
            + ' their sessions end now.'),
        field('New password', password, 'At least 12 characters.'), errors,
        h('div', {class: 'button-row'}, h('button', {type: 'submit', class: 'button-primary', text: 'Set password'})));
    const dialog = openDialog('Set a password', form);
    sendOnSubmit(form, errors, {send: async () => {
        await api.patch(`/users/${user.id}`, {password: password.value});
        dialog.close();
        act(`New password set for ${user.email}.`, async () => null);
    }});
    password.focus();
}

function createForm(ctx, load) {
    const email = h('input', {type: 'email', autocomplete: 'off', required: true});
    const password = h('input', {type: 'password', autocomplete: 'new-password', required: true, minlength: 12});
    const role = h('select', {}, ROLES.map((r) => h('option', {value: r, text: r})));
    const errors = h('div', {class: 'form-errors'});
    const form = h('form', {class: 'inline-form card', 'aria-label': 'Create a user'},
        h('h2', {text: 'Create a user'}),
        h('div', {class: 'form-grid'},
            field('E-mail address', email), field('Initial password', password, 'At least 12 characters.'),
            field('Role', role),
            h('button', {type: 'submit', class: 'button-primary', text: 'Create user'})),
        errors);
    sendOnSubmit(form, errors, {
        send: async () => {
            await api.post('/users', {email: email.value.trim(), password: password.value, role: role.value});
            ctx.notify(`User ${email.value.trim()} created.`);
            form.reset();
            load();
        },
        failed: load,
    });
    return form;
}
