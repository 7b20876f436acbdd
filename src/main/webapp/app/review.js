// Review of one workflow: the page with its boxes, the fields, saving, committing, rejecting,
// the audit trail and export. Polls while the extraction is queued or running.
import {api} from './api.js';
import {describeError, errorBox, field, focusOn, h, replace, statusBadge, when} from './dom.js';
import {openDialog} from './dialog.js';
import {sendOnSubmit} from './forms.js';
import {pageViewer} from './page-viewer.js';
import {fieldsPanel} from './review-fields.js';
import {exportButtons, trail} from './review-trail.js';
import {isEditable, isRunning} from './review-model.js';
import {nextInQueue, openedFromQueue} from './queue-state.js';

const REVIEWERS = ['reviewer', 'admin'];
// The checks of a hybrid e-invoice's print against its XML (result.checks, print_matches_xml.<field>).
const PRINT_VERSUS_XML = 'print_matches_xml.';
// An e-invoice's document type (result.metadata.e_invoice.document_type) where it is not a plain invoice.
const DOCUMENT_TYPES = {
    credit_note: 'Credit note', corrected_invoice: 'Corrected invoice', self_billed_invoice: 'Self-billed invoice',
    prepayment_invoice: 'Prepayment invoice', partial_invoice: 'Partial invoice', debit_note: 'Debit note',
};

export function render(container, ctx) {
    const id = ctx.params[0];
    const state = {workflow: null, doc: null, viewer: null, poll: null, stopped: false, leaving: false};
    // Edits not saved when the session ended (a 401 brings sign-in) are kept for this user and workflow, and put back.
    const unsavedKey = `docex.unsaved.${ctx.user.email}.${id}`;
    const heading = h('h1', {text: 'Loading review…'});
    // Opened from the queue: back to it as it was left, and on to the next workflow of its filter.
    const fromQueue = openedFromQueue(id);
    const head = h('div', {class: 'review-head'},
        fromQueue ? h('a', {href: '#/queue', class: 'back', text: '← Queue'}) : h('a', {href: '#/documents', class: 'back', text: '← Documents'}),
        heading,
        fromQueue ? h('div', {class: 'review-nav'}, h('button', {type: 'button', class: 'button-small next-in-queue',
            text: 'Next in queue →', onclick: () => goNext()})) : null);
    const notices = h('div', {class: 'review-notices'});
    const body = h('div', {class: 'review-body'}, h('p', {class: 'loading', text: 'Loading…'}));
    replace(container, h('div', {class: 'review'}, head, notices, body));

    const fields = fieldsPanel({
        onSelect: (name) => select(name),
        onChange: () => updateDirty(),
    });
    const saveButton = h('button', {type: 'button', class: 'button-primary', text: 'Save draft',
        'aria-keyshortcuts': 'Control+S', onclick: () => submit('save_draft')});
    const dirtyNote = h('span', {class: 'dirty-note', 'aria-live': 'polite'});
    const side = h('section', {class: 'side', 'aria-label': 'Fields and review'});

    function select(name) {
        fields.markSelected(name);
        const row = fields.rows().find((r) => r.name === name);
        if (state.viewer) {
            state.viewer.select(row || null);
        }
    }

    function updateDirty() {
        const dirty = fields.dirty();
        dirtyNote.textContent = dirty ? 'Unsaved changes' : '';
        if (state.viewer && state.workflow.result) {
            state.viewer.setFields(state.workflow.result.pages, fields.rows());
        }
    }

    async function load() {
        try {
            const workflow = await api.get(`/extractions/workflow/${encodeURIComponent(id)}`);
            if (!state.doc) {
                state.doc = await api.get(`/documents/${encodeURIComponent(workflow.document_id)}`);
            }
            if (!state.stopped) {
                show(workflow);
            }
        } catch (error) {
            if (!state.stopped) {
                heading.textContent = 'Review unavailable';
                replace(body, errorBox(describeError(error)));
            }
        }
    }

    function show(workflow) {
        state.workflow = workflow;
        heading.textContent = state.doc.filename;
        document.title = `${state.doc.filename} · Review · docex`;
        replace(head.querySelector('.review-meta') || head.appendChild(h('div', {class: 'review-meta'})),
            statusBadge(workflow.status),
            h('span', {text: `Template ${workflow.template}`}),
            h('span', {text: `Version ${workflow.version}`}),
            h('span', {}, 'Started by ', h('span', {text: workflow.created_by}), ' ', when(workflow.created_at)),
            eInvoice(workflow.result));
        if (!state.viewer) {
            state.viewer = pageViewer({documentId: state.doc.id, pageCount: state.doc.page_count,
                onSelectBox: (name) => fields.focusField(name)});
            replace(body, state.viewer.el, side);
            state.viewer.show(1);
        }
        replace(notices);
        clearTimeout(state.poll);
        if (isRunning(workflow)) {
            showProgress(workflow);
            state.poll = setTimeout(load, 1000);
            return;
        }
        showFields(workflow);
        restoreUnsaved();
    }

    function restoreUnsaved() {
        const kept = sessionStorage.getItem(unsavedKey);
        if (!kept) {
            return;
        }
        sessionStorage.removeItem(unsavedKey);
        try {
            fields.restore(JSON.parse(kept));
            notices.prepend(h('p', {class: 'alert alert-info restored', role: 'status',
                text: 'Your changes from before you had to sign in again are back. Save them, or reload to drop them.'}));
        } catch {
            // Not ours to read: dropped.
        }
    }

    // What the e-invoice is, and a badge that no clerk overlooks where it is not an invoice to pay (a credit note).
    function eInvoice(result) {
        const about = result && result.metadata && result.metadata.e_invoice;
        if (!about) {
            return null;
        }
        const kind = DOCUMENT_TYPES[about.document_type];
        return h('span', {class: 'e-invoice'},
            h('span', {text: `E-invoice ${[about.format, about.profile].filter(Boolean).join(' · ')}`}),
            kind ? h('span', {class: 'badge badge-document-type', dataset: {documentType: about.document_type}, text: kind}) : null);
    }

    function showProgress(workflow) {
        const p = workflow.progress || {};
        const total = p.pages_total || state.doc.page_count || 0;
        const done = p.pages_done || 0;
        replace(side, h('div', {class: 'progress-panel'},
            h('h2', {text: workflow.status === 'queued' ? 'Waiting to start…' : 'Reading the document…'}),
            h('progress', {max: Math.max(total, 1), value: done, 'aria-label': 'Extraction progress'}),
            h('p', {class: 'subtle', text: `${done} of ${total} pages done`})));
    }

    function showFields(workflow) {
        const editable = isEditable(workflow);
        const reviewer = REVIEWERS.includes(ctx.user.role);
        fields.show(workflow, editable);
        state.viewer.setFields(workflow.result ? workflow.result.pages : [], fields.rows());
        if (workflow.status === 'failed') {
            notices.append(errorBox(`The extraction failed: ${workflow.error || 'no reason given'}`));
        }
        if (workflow.status === 'rejected') {
            // The reason first, where the analyst looks: not at the end of a long trail.
            const rejection = [...(workflow.reviews || [])].reverse().find((review) => review.action === 'reject');
            notices.append(h('div', {class: 'alert alert-warning rejection', role: 'status'},
                h('p', {}, h('strong', {text: 'Rejected'}), rejection ? ` by ${rejection.by}: ${rejection.comment || ''}` : ''),
                reviewer ? h('button', {type: 'button', class: 'button-small', text: 'Reopen…', onclick: () => reopenDialog()}) : null));
        }
        const checks = (workflow.result && workflow.result.checks) || [];
        const printDiffers = checks.filter((check) => check.status === 'mismatch' && check.name.startsWith(PRINT_VERSUS_XML));
        if (printDiffers.length) {
            // First on the screen: the print of an e-invoice says something else than its binding XML (another IBAN is a fraud route).
            notices.append(h('div', {class: 'alert alert-error print-differs', role: 'alert'},
                h('strong', {text: 'The printed invoice does not match its e-invoice'}),
                h('ul', {}, ...printDiffers.map((check) => h('li', {text: check.detail})))));
        }
        for (const warning of (workflow.result && workflow.result.warnings) || []) {
            notices.append(h('p', {class: 'alert alert-info', text: warning}));
        }
        for (const check of checks) {
            if (check.status === 'mismatch' && !check.name.startsWith(PRINT_VERSUS_XML)) {
                notices.append(h('p', {class: 'alert alert-warning', text: `Check failed (${check.name}): ${check.detail}`}));
            }
        }
        const actions = editable ? h('div', {class: 'review-actions'},
            saveButton,
            h('button', {type: 'button', class: 'button-quiet', text: 'Save with a note…', onclick: () => noteDialog()}),
            reviewer ? h('button', {type: 'button', class: 'button-success', text: 'Commit…', onclick: () => commitDialog()}) : null,
            reviewer && fromQueue ? h('button', {type: 'button', class: 'button-success commit-next', text: 'Commit and next…',
                onclick: () => commitDialog(goNext)}) : null,
            reviewer ? h('button', {type: 'button', class: 'button-danger-quiet', text: 'Reject…', onclick: () => rejectDialog()}) : null,
            dirtyNote) : null;
        const shortcuts = editable ? h('p', {class: 'hint shortcuts'},
            h('kbd', {text: '↑'}), ' ', h('kbd', {text: '↓'}), ' move between fields · ',
            h('kbd', {text: 'Ctrl+S'}), ' save draft · ', h('kbd', {text: 'Alt+N'}), ' next low-confidence field') : null;
        replace(side,
            h('h2', {text: 'Fields'}),
            shortcuts,
            fields.el,
            actions,
            workflow.status === 'committed' ? exportButtons(workflow, state.doc.filename) : null,
            trail(workflow));
        dirtyNote.textContent = '';
    }

    async function submit(action, comment) {
        if (!state.workflow || !isEditable(state.workflow) && action !== 'reopen') {
            return false;
        }
        const body = {action, fields: fields.edits(), version: state.workflow.version};
        const edited = Object.keys(body.fields).length > 0;
        if (comment) {
            body.comment = comment;
        }
        const focused = document.activeElement && document.activeElement.dataset.field;
        try {
            const workflow = await api.post(`/extractions/workflow/${encodeURIComponent(id)}/review`, body);
            show(workflow);
            if (focused) {
                // The list is drawn anew from the saved workflow; keep the keyboard where it was.
                fields.focusField(focused);
            }
            ctx.notify({save_draft: 'Draft saved.', commit: 'Committed.', reject: 'Rejected.', reopen: 'Reopened.'}[action]);
            return true;
        } catch (error) {
            problem(error, action === 'commit' && edited);
            return false;
        }
    }

    // A commit refused with unsaved edits (under the four-eyes rule a commit may not change values):
    // the edits can still be saved as a draft, which a reload would throw away.
    function problem(error, commitWithEdits) {
        const box = h('div', {class: 'alert alert-error conflict', role: 'alert'}, h('p', {text: describeError(error)}));
        if (error.status === 409 && commitWithEdits) {
            box.append(h('button', {type: 'button', class: 'button-small', text: 'Save changes as draft',
                onclick: () => submit('save_draft')}));
        } else if (error.status === 409) {
            const kept = fields.edits();
            const mine = Object.keys(kept).length > 0;
            box.append(h('p', {text: mine ? 'Reload to see the current version; your changes can be put back over it.'
                : 'Reload to see the current version.'}),
                h('div', {class: 'button-row'},
                    mine ? h('button', {type: 'button', class: 'button-small button-primary', text: 'Reload and keep my changes',
                        onclick: async () => {
                            await load();
                            fields.restore(kept);
                        }}) : null,
                    h('button', {type: 'button', class: 'button-small', text: mine ? 'Reload without them' : 'Reload',
                        onclick: () => {
                            state.doc = null;
                            load();
                        }})));
        }
        replace(notices, box);
        focusOn(box);
    }

    /** Unsaved edits are not lost without asking: leaving the review asks first. */
    function mayLeave() {
        state.leaving = !(state.workflow && isEditable(state.workflow) && fields.dirty())
            || window.confirm('You have unsaved changes. Leave without saving them?');
        return state.leaving;
    }

    async function goNext() {
        if (!mayLeave()) {
            return;
        }
        try {
            const next = await nextInQueue(id);
            if (next) {
                ctx.navigate(`#/workflows/${next.id}`);
            } else {
                ctx.notify('That was the last one in the queue.');
                ctx.navigate('#/queue');
            }
        } catch (error) {
            replace(notices, errorBox(describeError(error)));
        }
    }

    function onLink(event) {
        const link = event.target.closest && event.target.closest('a[href^="#/"]');
        if (link && !mayLeave()) {
            event.preventDefault();
        }
    }

    function commentDialog(title, {label, required, button, action, then}) {
        const comment = h('textarea', {rows: 3, maxlength: 2000, required});
        const errors = h('div', {class: 'form-errors'});
        const form = h('form', {class: 'stack'}, field(label, comment), errors,
            h('div', {class: 'button-row'}, h('button', {type: 'submit', class: 'button-primary', text: button})));
        const dialog = openDialog(title, form);
        sendOnSubmit(form, errors, {
            check: () => (required && !comment.value.trim()
                ? {message: 'Say why, so the others know what to do.', focus: comment} : null),
            send: async () => {
                dialog.close();
                if (await submit(action, comment.value.trim()) && then) {
                    then();
                }
            },
        });
        comment.focus();
    }

    const commitDialog = (then) => commentDialog('Commit the fields', {label: 'Comment (optional)', required: false,
        button: 'Commit', action: 'commit', then});
    const noteDialog = () => commentDialog('Save the draft with a note', {label: 'Note for the reviewer', required: true,
        button: 'Save draft', action: 'save_draft'});
    const rejectDialog = () => commentDialog('Reject this workflow', {label: 'Why is it rejected?', required: true,
        button: 'Reject', action: 'reject'});
    const reopenDialog = () => commentDialog('Reopen this workflow', {label: 'Why is it reopened?', required: true,
        button: 'Reopen', action: 'reopen'});

    function onKey(event) {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
            event.preventDefault();
            submit('save_draft');
        } else if (event.altKey && event.code === 'KeyN') {
            event.preventDefault();
            fields.nextLow();
        }
    }

    // Closing or reloading the tab would lose unsaved edits: the browser asks first.
    function onLeave(event) {
        if (state.workflow && isEditable(state.workflow) && fields.dirty()) {
            event.preventDefault();
        }
    }

    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onLink, true);
    window.addEventListener('beforeunload', onLeave);
    load();
    return () => {
        state.stopped = true;
        if (!state.leaving && state.workflow && isEditable(state.workflow) && fields.dirty()) {
            sessionStorage.setItem(unsavedKey, JSON.stringify(fields.edits()));
        }
        clearTimeout(state.poll);
        document.removeEventListener('keydown', onKey);
        document.removeEventListener('click', onLink, true);
        window.removeEventListener('beforeunload', onLeave);
        if (state.viewer) {
            state.viewer.dispose();
        }
    };
}
