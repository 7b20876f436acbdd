// Acting on several rows of a list at once: which rows are chosen (a box in each row and one for the
// page), then one call per row, one after the other, with what was refused said row by row.
import {describeError, h, replace} from './dom.js';
import {confirmDialog} from './dialog.js';

/** The rows chosen on the page shown; onChange runs whenever the choice changes. */
export function selection(onChange) {
    const chosen = new Map();
    const boxes = new Map();
    const pageBox = h('input', {type: 'checkbox', 'aria-label': 'Choose every row on this page'});
    pageBox.addEventListener('change', () => {
        const all = pageBox.checked;
        for (const box of boxes.values()) {
            box.checked = all;
            box.dispatchEvent(new Event('change'));
        }
    });
    return {
        pageBox,
        /** The box of one row, named after what the row shows. */
        box(id, item, label) {
            const box = h('input', {type: 'checkbox', checked: chosen.has(id), 'aria-label': `Choose ${label}`,
                dataset: {chooses: id}});
            box.addEventListener('change', () => {
                if (box.checked) {
                    chosen.set(id, item);
                } else {
                    chosen.delete(id);
                }
                pageBox.checked = boxes.size > 0 && [...boxes.values()].every((b) => b.checked);
                onChange();
            });
            boxes.set(id, box);
            return box;
        },
        /** A page is drawn anew (another page, or the same one refreshed): its boxes come again. */
        newPage() {
            boxes.clear();
        },
        /** The page is drawn: rows no longer shown are not chosen any more. */
        drawn() {
            for (const id of [...chosen.keys()]) {
                if (!boxes.has(id)) {
                    chosen.delete(id);
                }
            }
            pageBox.checked = boxes.size > 0 && [...boxes.values()].every((b) => b.checked);
            onChange();
        },
        items: () => [...chosen.values()],
    };
}

/**
 * Asks, then calls {@code call(item)} for each item in turn; answers how many succeeded and, for each
 * refusal, the row's name and the API's reason, shown in {@code report}.
 */
export function actOnEach({title, question, confirm, className, items, call, name, report, done}) {
    confirmDialog(title, h('p', {text: question}), {confirm, className, action: async () => {
        const refused = [];
        for (const item of items) {
            try {
                await call(item);
            } catch (error) {
                refused.push(`${name(item)}: ${describeError(error)}`);
            }
        }
        replace(report, refused.length ? h('div', {class: 'alert alert-warning', role: 'alert'},
            h('p', {text: `${items.length - refused.length} of ${items.length} done; these were refused:`}),
            h('ul', {}, refused.map((line) => h('li', {text: line})))) : null);
        done(items.length - refused.length, refused.length);
    }});
}

/** The bar above a list: how many rows are chosen and what can be done with them; hidden while none is. */
export function bulkBar(chosen, buttons) {
    const count = h('span', {class: 'bulk-count'});
    const bar = h('div', {class: 'bulk-bar', role: 'region', 'aria-label': 'Chosen rows', hidden: true}, count, buttons);
    return {
        el: bar,
        update() {
            const n = chosen.items().length;
            bar.hidden = n === 0;
            count.textContent = `${n} chosen`;
        },
    };
}
