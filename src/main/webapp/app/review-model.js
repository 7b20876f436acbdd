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

/** Rows in order: the base values' names, then names added by unsaved edits; removed ones left out. */
export function fieldRows(workflow, edits) {
    const best = bestFields(workflow);
    const base = baseValues(workflow);
    const changedBy = lastChangedBy(workflow);
    const reviewed = Boolean(workflow.draft || workflow.committed);
    const names = [...Object.keys(base), ...[...edits.keys()].filter((n) => !(n in base))];
    return names
        .filter((name) => !(edits.has(name) && edits.get(name) === null))
        .map((name) => {
            const found = best.get(name);
            const extracted = found && found.value !== null && found.value !== undefined ? String(found.value) : null;
            const inReview = reviewed && name in base && base[name] !== extracted;
            return {
                name,
                value: edits.has(name) ? edits.get(name) : base[name],
                saved: base[name],
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
