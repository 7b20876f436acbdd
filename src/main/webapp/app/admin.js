// Administration: users, their roles, deactivation and MFA resets; webhooks (webhooks-admin.js).
import {api} from './api.js';
import {field, h, replace, when} from './dom.js';
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
    role.addEventListener('change', () => act(`Role of ${user.email} changed to ${role.value}.`,
        () => api.patch(`/users/${user.id}`, {role: role.value})));
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
    const toggle = h('button', {type: 'button', class: 'button-small', text: turn, 'aria-label': `${turn} ${user.email}`,
        onclick: () => act(`${user.email} ${user.active ? 'deactivated' : 'activated'}.`,
            () => api.patch(`/users/${user.id}`, {active: !user.active}))});
    const resetMfa = user.mfa_enabled ? h('button', {type: 'button', class: 'button-small',
        text: 'Reset MFA', 'aria-label': `Reset MFA of ${user.email}`,
        onclick: () => act(`MFA of ${user.email} reset.`, () => api.post(`/users/${user.id}/mfa/reset`, {}))}) : null;
    return [toggle, resetMfa];
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
