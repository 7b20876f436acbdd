// The fields beside the page: name, value, confidence and source; edits stay local until saved.
// Up/Down move between fields, Alt+N jumps to the next low-confidence one.
import {field, h, replace, uid} from './dom.js';
import {fieldRows, leftOutByDefault} from './review-model.js';

// Line items are ordinary fields named line_items.<n>.<column>; they are shown as one table.
const LINE_ITEM = /^line_items\.(\d+)\.([a-z_]+)$/;
const LINE_COLUMNS = [['description', 'Description'], ['quantity', 'Qty'], ['unit_price', 'Unit price'],
    ['amount', 'Amount'], ['tax_rate', 'Tax %']];

export function fieldsPanel({onSelect, onChange}) {
    // leftOut: other pairs of an invoice that saving or committing removes (review-model, leftOutByDefault).
    const state = {workflow: null, edits: new Map(), editable: false, selected: null, leftOut: new Set(), othersOpen: false};
    const list = h('ul', {class: 'field-list', 'aria-label': 'Extracted fields'});
    const count = h('p', {class: 'subtle field-count', tabindex: '-1'});
    const addName = h('input', {type: 'text', autocomplete: 'off', maxlength: 100});
    const addValue = h('input', {type: 'text', autocomplete: 'off'});
    const addForm = h('form', {class: 'add-field', 'aria-label': 'Add a field'},
        field('New field name', addName), field('Value', addValue),
        h('button', {type: 'submit', class: 'button-small', text: 'Add field'}));
    addForm.addEventListener('submit', (event) => {
        event.preventDefault();
        const name = addName.value.trim();
        if (!name) {
            addName.focus();
            return;
        }
        state.edits.set(name, addValue.value);
        addName.value = '';
        addValue.value = '';
        draw();
        onChange();
        focusField(name);
    });
    list.addEventListener('keydown', (event) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') {
            return;
        }
        // In the line items ↓ and ↑ move along the column, as in a spreadsheet.
        const cell = document.activeElement.closest && document.activeElement.closest('td.field-cell');
        if (cell) {
            const row = cell.parentElement;
            const next = event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
            const target = next && next.children[cell.cellIndex] && next.children[cell.cellIndex].querySelector('.field-value');
            if (target) {
                event.preventDefault();
                target.focus();
                return;
            }
        }
        // Not into the other pairs while they are folded away.
        const inputs = [...list.querySelectorAll('.field-value')].filter((input) => input.offsetParent !== null);
        const i = inputs.indexOf(document.activeElement);
        const target = inputs[i + (event.key === 'ArrowDown' ? 1 : -1)];
        if (i >= 0 && target) {
            event.preventDefault();
            target.focus();
        }
    });
    const el = h('div', {class: 'fields-panel'}, count, list, addForm);

    function rows() {
        return fieldRows(state.workflow, state.edits);
    }

    /** The counts over the list, and the other pairs' summary: redrawn without the list where only those change. */
    function describe(all) {
        const kept = all.filter((r) => !state.leftOut.has(r.name));
        const low = kept.filter((r) => r.low).length;
        const missing = kept.filter((r) => r.missing).length;
        const found = kept.length - missing;
        const out = all.length - kept.length;
        count.textContent = `${found} field${found === 1 ? '' : 's'}` + (low ? `, ${low} with low confidence` : '')
            + (missing ? `, ${missing} required not found` : '') + (out ? `, ${out} other pair${out === 1 ? '' : 's'} left out` : '');
        const summary = list.querySelector('.other-pairs > summary');
        if (summary) {
            summary.textContent = otherSummary(all.filter((r) => r.other));
        }
    }

    function otherSummary(others) {
        const out = others.filter((r) => state.leftOut.has(r.name)).length;
        return `Other pairs found on the page (${others.length})`
            + (out === others.length ? ': left out of the record' : out ? `: ${out} left out of the record` : '');
    }

    function draw() {
        const all = rows();
        addForm.hidden = !state.editable;
        if (all.length === 0) {
            replace(list, h('li', {class: 'empty',
                text: state.editable ? 'No fields were found. Add one below.' : 'No fields.'}));
            describe(all);
            return;
        }
        const items = all.filter((r) => LINE_ITEM.test(r.name));
        const others = all.filter((r) => r.other);
        replace(list, all.filter((r) => !LINE_ITEM.test(r.name) && !r.other).map(row), items.length ? lineItems(items) : null,
            others.length ? otherPairs(others) : null);
        describe(all);
    }

    /**
     * The other pairs of an invoice, folded away under the invoice's fields and line items. Left out
     * of the record on its first review unless kept (all at once, or one by typing into it).
     */
    function otherPairs(others) {
        const out = others.filter((r) => state.leftOut.has(r.name)).length;
        const details = h('details', {class: 'other-pairs', open: state.othersOpen},
            h('summary', {text: otherSummary(others)}),
            state.editable ? h('p', {class: 'subtle other-pairs-help', text: out
                ? 'Labels and values read anywhere on the page. Saving or committing leaves out those marked; type into one to keep it.'
                : 'Labels and values read anywhere on the page, kept in the record.'}) : null,
            state.editable ? h('button', {type: 'button', class: 'button-small other-pairs-toggle',
                text: out ? 'Keep them in the record' : 'Leave them out of the record', onclick: () => {
                    for (const r of others) {
                        if (out) {
                            state.leftOut.delete(r.name);
                        } else {
                            state.leftOut.add(r.name);
                        }
                    }
                    state.othersOpen = true;
                    draw();
                    onChange();
                    const toggle = list.querySelector('.other-pairs-toggle');
                    if (toggle) {
                        toggle.focus();
                    }
                }}) : null,
            h('ul', {class: 'field-list other-pairs-list', 'aria-label': 'Other pairs found on the page'}, others.map(row)));
        details.addEventListener('toggle', () => {
            state.othersOpen = details.open;
        });
        return h('li', {class: 'other-pairs-row'}, details);
    }

    function lineItems(items) {
        const lines = new Map();
        for (const r of items) {
            const [, n, column] = r.name.match(LINE_ITEM);
            if (!lines.has(Number(n))) {
                lines.set(Number(n), new Map());
            }
            lines.get(Number(n)).get(column) || lines.get(Number(n)).set(column, r);
        }
        const columns = LINE_COLUMNS.filter(([key]) => items.some((r) => r.name.endsWith(`.${key}`)));
        const numbers = [...lines.keys()].sort((a, b) => a - b);
        return h('li', {class: 'line-items-row'},
            h('table', {class: 'line-items'},
                h('caption', {text: `Line items (${numbers.length})`}),
                h('thead', {}, h('tr', {}, h('th', {scope: 'col', text: '#'}),
                    columns.map(([, label]) => h('th', {scope: 'col', text: label})),
                    state.editable ? h('th', {scope: 'col', class: 'line-remove'}, h('span', {class: 'visually-hidden', text: 'Remove'})) : null)),
                h('tbody', {}, numbers.map((n) => h('tr', {dataset: {line: String(n)}}, h('th', {scope: 'row', text: String(n)}),
                    columns.map(([key, label]) => cell(n, key, label, lines.get(n).get(key))),
                    state.editable ? h('td', {class: 'line-remove'}, h('button', {type: 'button', class: 'icon-button', text: '×',
                        'aria-label': `Remove line ${n}`, onclick: () => removeLine(n, numbers)})) : null)))),
            state.editable ? h('button', {type: 'button', class: 'button-small add-line', text: 'Add line',
                onclick: () => addLine(numbers, columns)}) : null);
    }

    /** Every cell of line n goes; the keyboard lands on the line that takes its place (or the one before). */
    function removeLine(n, numbers) {
        for (const r of rows().filter((row) => row.name.startsWith(`line_items.${n}.`))) {
            state.edits.set(r.name, null);
        }
        draw();
        onChange();
        const others = numbers.filter((m) => m !== n);
        const stay = others.find((m) => m > n) ?? others[others.length - 1];
        const target = stay !== undefined ? list.querySelector(`tr[data-line="${stay}"] .field-value`) : list.querySelector('.field-value');
        (target || count).focus();
    }

    /** A new empty line after the last; its cells become fields once something is typed into them. */
    function addLine(numbers, columns) {
        const n = (numbers.length ? Math.max(...numbers) : 0) + 1;
        state.edits.set(`line_items.${n}.${columns.length ? columns[0][0] : 'description'}`, '');
        draw();
        onChange();
        const first = list.querySelector(`tr[data-line="${n}"] .field-value`);
        if (first) {
            first.focus();
        }
    }

    function cell(n, key, label, r) {
        const name = `line_items.${n}.${key}`;
        const saved = r ? r.saved : undefined;
        // A description wraps onto as many lines as it takes (a text box of one line would cut it off); the
        // numbers stay one-line inputs. Enter adds no line break: a line item's description is one line of text.
        const input = h(key === 'description' ? 'textarea' : 'input', {type: key === 'description' ? null : 'text',
            rows: key === 'description' ? 1 : null, class: 'field-value', value: r ? (r.value ?? '') : '',
            readonly: !state.editable, spellcheck: 'false', dataset: {field: name},
            'aria-label': `Line ${n}: ${label}${r && r.low ? ' (low confidence)' : ''}`});
        if (key === 'description') {
            input.addEventListener('keydown', (event) => {
                if (event.key === 'Enter') {
                    event.preventDefault();
                }
            });
        }
        const td = h('td', {class: `field-cell${r && r.low ? ' low' : ''}${r && r.value !== saved ? ' changed' : ''}`,
            dataset: {field: name},
            title: r && r.confidence !== null && r.confidence !== undefined
                ? `${Math.round(r.confidence * 100)}% · ${r.source}${r.page ? ` · page ${r.page}` : ''}` : null}, input);
        input.addEventListener('focus', () => onSelect(name));
        input.addEventListener('input', () => {
            state.edits.set(name, input.value);
            td.classList.toggle('changed', input.value !== (saved ?? ''));
            onChange();
        });
        if (name === state.selected) {
            td.classList.add('selected');
        }
        return td;
    }

    function row(r) {
        const input = h('input', {type: 'text', class: 'field-value', id: uid('field'), value: r.value ?? '',
            readonly: !state.editable, spellcheck: 'false', dataset: {field: r.name}});
        input.addEventListener('focus', () => onSelect(r.name));
        input.addEventListener('input', () => {
            state.edits.set(r.name, input.value);
            if (state.leftOut.delete(r.name)) {
                item.classList.remove('left-out');
                item.querySelector('.badge-left-out').remove();
                describe(rows());
            }
            item.classList.toggle('changed', input.value !== r.saved);
            onChange();
        });
        const confidence = r.confidence === null || r.confidence === undefined ? null
            : h('span', {class: `confidence${r.low ? ' confidence-low' : ''}`,
                title: 'How sure the extraction is', text: `${Math.round(r.confidence * 100)}%`});
        const item = h('li', {class: `field-row${r.low ? ' low' : ''}${r.missing ? ' missing' : ''}${r.value !== r.saved ? ' changed' : ''}`
            + (state.leftOut.has(r.name) ? ' left-out' : ''),
            dataset: {field: r.name}},
            h('div', {class: 'field-top'},
                h('label', {for: input.id, class: 'field-name', text: r.name}),
                r.low ? h('span', {class: 'badge badge-low', text: 'Low confidence'}) : null,
                r.missing ? h('span', {class: 'badge badge-failed', text: 'Required, not found'}) : null,
                state.leftOut.has(r.name) ? h('span', {class: 'badge badge-left-out', text: 'Left out'}) : null,
                confidence,
                state.editable && !r.missing ? h('button', {type: 'button', class: 'icon-button', text: '×',
                    'aria-label': `Remove field ${r.name}`, onclick: () => {
                        const inputs = [...list.querySelectorAll('.field-value')];
                        const at = inputs.findIndex((i) => i.dataset.field === r.name);
                        state.edits.set(r.name, null);
                        draw();
                        onChange();
                        // The keyboard goes on to the field that took its place, not to the page's start.
                        const after = [...list.querySelectorAll('.field-value')];
                        (after[Math.min(at, after.length - 1)] || count).focus();
                    }}) : null),
            input,
            source(r));
        item.addEventListener('click', (event) => {
            if (event.target === item || event.target.classList.contains('field-source')) {
                input.focus();
            }
        });
        if (r.name === state.selected) {
            item.classList.add('selected');
        }
        return item;
    }

    /** Where the value came from; a learned one links to the earlier invoice whose review taught it. */
    function source(r) {
        const found = foundAt(r);
        if (!r.reviewChange) {
            return found;
        }
        const who = r.reviewChange.by ? ` by ${r.reviewChange.by}` : '';
        const what = r.reviewChange.extracted === null ? `Added in review${who}`
            : `Changed in review${who}; read as “${r.reviewChange.extracted}”`;
        return h('div', {}, found, h('div', {class: 'field-source review-change', text: what}));
    }

    function foundAt(r) {
        const page = r.page ? ` · page ${r.page}` : '';
        if (r.learnedFrom) {
            return h('div', {class: 'field-source subtle'}, 'learned from ',
                h('a', {href: `#/workflows/${encodeURIComponent(r.learnedFrom)}`, class: 'learned-from',
                    text: 'an earlier invoice of this vendor'}), page);
        }
        return h('div', {class: 'field-source subtle', text: r.source + page});
    }

    function focusField(name) {
        const input = [...list.querySelectorAll('.field-value')].find((i) => i.dataset.field === name);
        if (input) {
            input.focus();
        }
    }

    return {
        el,
        show(workflow, editable) {
            state.workflow = workflow;
            state.edits = new Map();
            state.editable = editable;
            state.leftOut = new Set(editable ? leftOutByDefault(workflow) : []);
            draw();
        },
        /** Puts edits made before (kept over a sign-in, or over a reload after a conflict) back over the values shown. */
        restore(edits) {
            if (!state.editable) {
                return;
            }
            for (const [name, value] of Object.entries(edits)) {
                if (!(value === null && state.leftOut.has(name))) {
                    state.edits.set(name, value);
                }
            }
            draw();
            onChange();
        },
        rows,
        // A new or required field left empty is not a value: it is not sent. Emptying a saved value still is a change.
        // Other pairs left out are removed (null).
        edits: () => {
            const saved = new Map(fieldRows(state.workflow, new Map()).map((r) => [r.name, r.saved]));
            const sent = Object.fromEntries([...state.edits].filter(([name, value]) => value !== '' || (saved.get(name) ?? '') !== ''));
            for (const name of state.leftOut) {
                if (!state.edits.has(name)) {
                    sent[name] = null;
                }
            }
            return sent;
        },
        dirty: () => [...state.edits].some(([name, value]) => value !== (fieldRows(state.workflow, new Map())
            .find((r) => r.name === name) || {}).saved),
        markSelected(name) {
            state.selected = name;
            for (const item of list.querySelectorAll('.field-row, .field-cell')) {
                item.classList.toggle('selected', item.dataset.field === name);
            }
        },
        focusField,
        nextLow() {
            const all = rows();
            const start = all.findIndex((r) => r.name === state.selected);
            for (let step = 1; step <= all.length; step++) {
                const candidate = all[(start + step) % all.length];
                if ((candidate.low || candidate.missing) && !state.leftOut.has(candidate.name)) {
                    focusField(candidate.name);
                    return true;
                }
            }
            return false;
        },
    };
}
