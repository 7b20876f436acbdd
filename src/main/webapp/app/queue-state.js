// The work queue's filter, order and page, kept for the browser tab: a review opened from the queue
// goes back to it as it was left, and walks on to the next workflow of the same filter.
import {api} from './api.js';

const KEY = 'docex.queue';
export const QUEUE_PAGE_SIZE = 25;
export const DEFAULT_QUEUE = {status: 'needs_review', q: '', vendor: '', from: '', to: '', failed: false,
    sort: '-created_at', offset: 0};

export function queueState() {
    try {
        return {...DEFAULT_QUEUE, ...JSON.parse(sessionStorage.getItem(KEY) || '{}')};
    } catch {
        return {...DEFAULT_QUEUE};
    }
}

export function saveQueueState(state) {
    sessionStorage.setItem(KEY, JSON.stringify(state));
}

/** The list's query for the state's filter and order, at {@code offset}. */
export function queueQuery(state, offset, limit) {
    const query = new URLSearchParams({offset, limit, sort: state.sort});
    if (state.status === 'needs_review') {
        query.set('needs_review', 'true');
    } else if (state.status) {
        query.set('status', state.status);
    }
    for (const name of ['q', 'vendor', 'from', 'to']) {
        if (state[name]) {
            query.set(name, state[name]);
        }
    }
    if (state.failed) {
        query.set('has_failed_checks', 'true');
    }
    return query;
}

/** Whether the review of {@code workflowId} was opened from the queue (and so has a next one). */
export function openedFromQueue(workflowId) {
    return queueState().opened === workflowId;
}

/**
 * The workflow after {@code workflowId} in the queue it was opened from, or null at the end. A
 * workflow that a review took out of the filter (committed, in "Needs review") no longer holds its
 * place: the next one is then where it was.
 */
export async function nextInQueue(workflowId) {
    const state = queueState();
    const position = Number.isInteger(state.position) ? state.position : 0;
    const page = await api.get(`/extractions/workflows?${queueQuery(state, position, 2)}`);
    const stillHere = page.items.length > 0 && page.items[0].id === workflowId;
    const next = stillHere ? page.items[1] : page.items.find((item) => item.id !== workflowId);
    if (!next) {
        return null;
    }
    const nextPosition = stillHere ? position + 1 : position;
    saveQueueState({...state, opened: next.id, position: nextPosition,
        offset: Math.floor(nextPosition / QUEUE_PAGE_SIZE) * QUEUE_PAGE_SIZE});
    return next;
}
