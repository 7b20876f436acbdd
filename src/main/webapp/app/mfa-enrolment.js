// MFA enrolment, used at sign-in (roles that must enrol) and from the account screen: the QR code,
// the code that proves the app works, then the recovery codes, shown this once.
import {api, session} from './api.js';
import {copyButton, describeError, download, errorBox, field, focusOn, h, replace} from './dom.js';
import {sendOnSubmit} from './forms.js';

export function enrolment({onDone}) {
    const box = h('div', {class: 'enrolment stack'}, h('p', {class: 'loading', text: 'Preparing your secret…'}));
    api.post('/users/mfa/setup', {}).then((setup) => scan(box, setup, onDone))
        .catch((error) => replace(box, errorBox(describeError(error))));
    return box;
}

function scan(box, setup, onDone) {
    const code = h('input', {type: 'text', inputmode: 'numeric', autocomplete: 'one-time-code', required: true});
    const errors = h('div', {class: 'form-errors'});
    const form = h('form', {class: 'stack', novalidate: true},
        field('Code from the app', code), errors,
        h('button', {type: 'submit', class: 'button-primary', text: 'Verify and enable'}));
    sendOnSubmit(form, errors, {
        send: async () => {
            const verified = await api.post('/users/mfa/verify', {code: code.value.trim()});
            session.start(verified.access_token);
            codes(box, verified.recovery_codes, onDone);
        },
        failed: () => focusOn(code),
    });
    replace(box,
        h('ol', {class: 'steps'},
            h('li', {}, 'Scan this QR code with your authenticator app.'),
            h('li', {}, 'Enter the 6-digit code it shows.')),
        h('img', {class: 'qr', src: setup.qr_code, alt: 'QR code of your authenticator secret', width: 200, height: 200}),
        h('details', {}, h('summary', {text: 'Cannot scan? Enter the secret by hand'}),
            h('code', {class: 'secret', text: setup.secret})),
        form);
    focusOn(code);
}

function codes(box, recoveryCodes, onDone) {
    const text = recoveryCodes.join('\n') + '\n';
    const status = h('p', {class: 'hint', role: 'status'});
    const heading = h('h2', {text: 'Save your recovery codes'});
    replace(box,
        heading,
        h('p', {text: 'Each code signs you in once if you lose your phone. They are shown only now: copy or download them.'}),
        h('ul', {class: 'recovery-codes', 'aria-label': 'Recovery codes'}, recoveryCodes.map((c) => h('li', {}, h('code', {text: c})))),
        h('div', {class: 'button-row'},
            copyButton(text, status, 'Copying is not allowed here: download the codes instead.'),
            h('button', {type: 'button', text: 'Download', onclick: () => {
                download(new Blob([text], {type: 'text/plain'}), 'docex-recovery-codes.txt');
            }}),
            h('button', {type: 'button', class: 'button-primary', text: 'I have saved them', onclick: () => onDone()})),
        status);
    focusOn(heading);
}
