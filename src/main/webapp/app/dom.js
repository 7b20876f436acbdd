// Builds DOM from data without ever parsing markup: text goes in as text nodes, attributes through
// setAttribute, so file names, field values and comments can never become HTML.

const PROPERTIES = new Set(['value', 'checked', 'disabled', 'hidden', 'selected', 'open', 'required', 'multiple']);

export function h(tag, props = {}, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
        if (value === undefined || value === null || value === false) {
            continue;
        }
        if (key === 'class') {
            el.className = value;
        } else if (key === 'text') {
            el.textContent = value;
        } else if (key.startsWith('on') && typeof value === 'function') {
            el.addEventListener(key.slice(2).toLowerCase(), value);
        } else if (key === 'dataset') {
            Object.assign(el.dataset, value);
        } else if (PROPERTIES.has(key)) {
            el[key] = value;
        } else {
            el.setAttribute(key, value === true ? '' : String(value));
        }
    }
    append(el, children);
    return el;
}

export function append(el, children) {
    for (const child of children.flat(Infinity)) {
        if (child === null || child === undefined || child === false) {
            continue;
        }
        el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
}

export function replace(el, ...children) {
    el.replaceChildren();
    return append(el, children);
}

let ids = 0;

/** A unique id, for label-for and aria references. */
export function uid(prefix = 'id') {
    ids += 1;
    return `${prefix}-${ids}`;
}

/** A labelled form control: label above, control, optional hint. */
export function field(label, control, hint) {
    if (!control.id) {
        control.id = uid('f');
    }
    const hintEl = hint ? h('small', {class: 'hint', id: uid('hint'), text: hint}) : null;
    if (hintEl) {
        control.setAttribute('aria-describedby', hintEl.id);
    }
    return h('div', {class: 'form-field'}, h('label', {for: control.id, text: label}), control, hintEl);
}

const DATE = new Intl.DateTimeFormat(undefined, {dateStyle: 'medium', timeStyle: 'short'});

export function when(iso) {
    if (!iso) {
        return '—';
    }
    const date = new Date(iso);
    return h('time', {datetime: iso, title: iso, text: DATE.format(date)});
}

const STATUS_WORDS = {
    queued: 'Queued', running: 'Running', extracted: 'Extracted', in_review: 'In review',
    committed: 'Committed', rejected: 'Rejected', failed: 'Failed',
};

export function statusBadge(status) {
    if (!status) {
        return h('span', {class: 'badge badge-none', text: 'Not extracted'});
    }
    return h('span', {class: `badge badge-${status}`, dataset: {status}, text: STATUS_WORDS[status] || status});
}

/** An alert box for an error; role=alert so screen readers announce it. */
export function errorBox(message) {
    return h('div', {class: 'alert alert-error', role: 'alert', text: message});
}

export function describeError(error) {
    if (error && error.status === 429 && error.retryAfter) {
        return `${sentence(error.detail)} Try again in ${waitWords(error.retryAfter)}.`;
    }
    return (error && error.detail) || (error && error.message) || 'Something went wrong.';
}

function sentence(text) {
    return /[.!?]$/.test(text) ? text : `${text}.`;
}

function waitWords(seconds) {
    const s = Number(seconds);
    if (s >= 120) {
        return `${Math.ceil(s / 60)} minutes`;
    }
    return s === 1 ? '1 second' : `${s} seconds`;
}

/** Saves a blob as a file through a temporary link. */
export function download(blob, filename) {
    const url = URL.createObjectURL(blob);
    const link = h('a', {href: url, download: filename, hidden: true});
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** A Copy button; status then says that it copied, or what to do where the browser does not let it. */
export function copyButton(text, status, otherwise, props = {}) {
    return h('button', {type: 'button', text: 'Copy', ...props, onclick: async () => {
        try {
            await navigator.clipboard.writeText(text);
            status.textContent = 'Copied.';
        } catch {
            status.textContent = otherwise;
        }
    }});
}

/** Moves focus to a heading or region that just appeared. */
export function focusOn(el) {
    if (!el) {
        return;
    }
    if (!el.hasAttribute('tabindex') && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) {
        el.setAttribute('tabindex', '-1');
    }
    el.focus({preventScroll: false});
}

/**
 * Previous, "first–last of total", Next over one page of a list answer ({items, total,
 * total_exact, offset, limit}); go(offset) shows another page.
 */
export function pageNav(page, label, go) {
    const first = page.total === 0 ? 0 : page.offset + 1;
    const last = Math.min(page.offset + page.items.length, page.total);
    return h('nav', {class: 'pager', 'aria-label': label},
        h('button', {type: 'button', text: 'Previous', disabled: page.offset === 0,
            onclick: () => go(Math.max(0, page.offset - page.limit))}),
        // A broad search counts its candidates, not its matches: the total is then an upper bound.
        h('span', {text: `${first}–${last} of ${page.total_exact === false ? 'at most ' : ''}${page.total}`}),
        h('button', {type: 'button', text: 'Next', disabled: last >= page.total || page.items.length < page.limit,
            onclick: () => go(page.offset + page.limit)}));
}
