// What the review screen shows of a workflow: one row per field name, with the value now in force
// (committed, else draft, else extracted) and where the machine found it.

export const LOW_CONFIDENCE = 0.8;

/** The most confident extracted field of each name (the first of equals), as the server picks them. */
export function bestFields(workflow) {
    const best = new Map();
    for (const f of (workflow.result && workflow.result.fields) || []) {
        const known = best.get(f.name);
        if (!known || (f.confidence ?? 0) > (known.confidence ?? 0)) {
            best.set(f.name, f);
        }
    }
    return best;
}

function extractedValues(best) {
    const values = {};
    for (const [name, f] of best) {
        if (f.value !== null && f.value !== undefined && f.value !== '') {
            values[name] = String(f.value);
        }
    }
    return values;
}

export function baseValues(workflow) {
    if (workflow.committed) {
        return workflow.committed.fields;
    }
    if (workflow.draft) {
        return workflow.draft.fields;
    }
    return extractedValues(bestFields(workflow));
}

/**
 * Who last changed each field in a saved review, by name (from the latest reviews the workflow
 * carries): the reviewer sees what an analyst changed, and an analyst what a reviewer did.
 */
function lastChangedBy(workflow) {
    const by = new Map();
    for (const review of workflow.reviews || []) {
        for (const change of review.changes || []) {
            by.set(change.field, review.by);
        }
    }
    return by;
}

// The invoice template's fields, first on the screen in this order (key-value pairs and the rest follow);
// the required ones show even where nothing was found, so that a missing total is seen, not overlooked.
export const INVOICE_FIELDS = ['vendor_name', 'invoice_number', 'invoice_date', 'due_date', 'total_amount', 'currency',
    'subtotal_amount', 'tax_amount', 'tax_rate', 'vendor_vat_id', 'iban', 'buyer_name', 'purchase_order'];
export const REQUIRED_INVOICE_FIELDS = ['vendor_name', 'invoice_number', 'invoice_date', 'total_amount'];

const LINE_ITEM_NAME = /^line_items\.\d+\./;

/**
 * A pair the key-value finder read on an invoice besides the template's fields ("Kundennummer",
 * "Telefon", a slogan read as a label): shown apart, and left out of the record unless kept.
 */
export function isOtherPair(workflow, name, found) {
    return workflow.template === 'invoice' && Boolean(found) && found.source === 'key_value'
        && !INVOICE_FIELDS.includes(name) && !LINE_ITEM_NAME.test(name);
}

/**
 * What the first review of an invoice leaves out of the record unless the user keeps it: the other
 * pairs. Once a review is saved its fields are what the user kept, and nothing more is left out.
 */
export function leftOutByDefault(workflow) {
    if (workflow.template !== 'invoice' || workflow.draft || workflow.committed) {
        return [];
    }
    const best = bestFields(workflow);
    return Object.keys(baseValues(workflow)).filter((name) => isOtherPair(workflow, name, best.get(name)));
}

/** The names in the order the screen lists them: an invoice's template fields first, then the others as they came. */
function ordered(workflow, names) {
    if (workflow.template !== 'invoice') {
        return names;
    }
    const rank = (name) => {
        const i = INVOICE_FIELDS.indexOf(name);
        return i < 0 ? INVOICE_FIELDS.length : i;
    };
    const wanted = [...new Set([...names, ...REQUIRED_INVOICE_FIELDS])];
    return wanted.map((name, i) => [name, i]).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map(([name]) => name);
}

/**
 * Rows in order (see ordered): the base values' names, then names added by unsaved edits; removed
 * ones left out. A required invoice field without a value is a row of its own, marked missing.
 */
export function fieldRows(workflow, edits) {
    const best = bestFields(workflow);
    const base = baseValues(workflow);
    const changedBy = lastChangedBy(workflow);
    const reviewed = Boolean(workflow.draft || workflow.committed);
    const names = ordered(workflow, [...Object.keys(base), ...[...edits.keys()].filter((n) => !(n in base))]);
    return names
        .filter((name) => !(edits.has(name) && edits.get(name) === null))
        .map((name) => {
            if (!(name in base) && !edits.has(name)) {
                return {name, value: '', saved: '', missing: true, other: false, reviewChange: null, confidence: null,
                    source: 'required: not found', learnedFrom: null, page: null, bbox: null, low: false};
            }
            const found = best.get(name);
            const extracted = found && found.value !== null && found.value !== undefined ? String(found.value) : null;
            const inReview = reviewed && name in base && base[name] !== extracted;
            return {
                name,
                value: edits.has(name) ? edits.get(name) : base[name],
                saved: base[name],
                other: isOtherPair(workflow, name, found),
                // What a saved review changed: the value the machine read (null for a field added in review), and by whom.
                reviewChange: inReview ? {extracted, by: changedBy.get(name) || null} : null,
                confidence: found ? found.confidence : null,
                source: found ? found.source : (name in base ? 'added in review' : 'new field'),
                learnedFrom: found && found.source === 'learned' ? found.learned_from : null,
                page: found ? found.page : null,
                bbox: found && Array.isArray(found.bbox) && found.bbox.length === 4 ? found.bbox : null,
                low: found ? (found.confidence ?? 1) < LOW_CONFIDENCE : false,
            };
        });
}

export const isEditable = (workflow) => workflow.status === 'extracted' || workflow.status === 'in_review';
export const isRunning = (workflow) => workflow.status === 'queued' || workflow.status === 'running';
