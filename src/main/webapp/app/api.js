// The only module that talks to the server: it alone knows the token, the base path and what a 401
// means (the session is over: forget the token and go back to sign-in).

const BASE = '/api';
const TOKEN_KEY = 'docex.token';

let unauthorizedHandler = () => {};

export class ApiError extends Error {
    constructor(status, detail, retryAfter, reason = null) {
        super(detail);
        this.status = status;
        this.detail = detail;
        this.retryAfter = retryAfter;
        // Why a session ended (a 401's reason: session_expired, account_deactivated, ...), where the server says.
        this.reason = reason;
    }
}

export const session = {
    token: () => sessionStorage.getItem(TOKEN_KEY),
    signedIn: () => sessionStorage.getItem(TOKEN_KEY) !== null,
    start: (token) => sessionStorage.setItem(TOKEN_KEY, token),
    end: () => sessionStorage.removeItem(TOKEN_KEY),
};

/** Called with the API's error (its detail, and the reason where the server gives one) when a request that carried the token answers 401. */
export function onUnauthorized(handler) {
    unauthorizedHandler = handler;
}

function headers(extra = {}) {
    const all = {Accept: 'application/json', ...extra};
    const token = session.token();
    if (token) {
        all.Authorization = `Bearer ${token}`;
    }
    return all;
}

async function failure(status, retryAfter, readBody) {
    let detail = `The server answered ${status}.`;
    let reason = null;
    try {
        const body = JSON.parse(await readBody());
        if (body && typeof body.detail === 'string') {
            detail = body.detail;
        }
        if (body && typeof body.reason === 'string') {
            reason = body.reason;
        }
    } catch {
        // Not JSON (a proxy's page, a dropped connection): the status line is all there is.
    }
    return new ApiError(status, detail, retryAfter, reason);
}

function unauthorized(error, hadToken) {
    if (hadToken) {
        session.end();
        unauthorizedHandler(error);
    }
    return error;
}

async function send(method, path, {json, form, raw = false} = {}) {
    const extra = {};
    let body;
    if (json !== undefined) {
        extra['Content-Type'] = 'application/json';
        body = JSON.stringify(json);
    } else if (form !== undefined) {
        extra['Content-Type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(form).toString();
    }
    if (raw) {
        extra.Accept = '*/*';
    }
    const hadToken = session.signedIn();
    let response;
    try {
        response = await fetch(BASE + path, {method, headers: headers(extra), body, cache: 'no-store'});
    } catch {
        throw new ApiError(0, 'The server cannot be reached. Check your connection and try again.');
    }
    if (!response.ok) {
        const error = await failure(response.status, response.headers.get('Retry-After'), () => response.text());
        throw response.status === 401 ? unauthorized(error, hadToken) : error;
    }
    if (raw) {
        return response.blob();
    }
    if (response.status === 204) {
        return null;
    }
    const text = await response.text();
    return text ? JSON.parse(text) : null;
}

/**
 * Uploads one file, reporting progress (0..1); XMLHttpRequest because fetch cannot report upload progress.
 * With split 'separator' the file is a batch cut at separator sheets, answered with its documents.
 */
function upload(file, onProgress, split = 'none') {
    return new Promise((resolve, reject) => {
        const request = new XMLHttpRequest();
        const hadToken = session.signedIn();
        request.open('POST', `${BASE}/documents/upload${split === 'none' ? '' : `?split=${encodeURIComponent(split)}`}`);
        for (const [name, value] of Object.entries(headers())) {
            request.setRequestHeader(name, value);
        }
        request.upload.addEventListener('progress', (event) => {
            if (event.lengthComputable) {
                onProgress(event.loaded / event.total);
            }
        });
        request.addEventListener('load', async () => {
            if (request.status >= 200 && request.status < 300) {
                onProgress(1);
                resolve(JSON.parse(request.responseText));
                return;
            }
            const error = await failure(request.status, request.getResponseHeader('Retry-After'),
                async () => request.responseText);
            reject(request.status === 401 ? unauthorized(error, hadToken) : error);
        });
        request.addEventListener('error', () => reject(new ApiError(0,
            'The upload was cut off (the server may have refused a file that is too large).')));
        const form = new FormData();
        form.append('file', file, file.name);
        request.send(form);
    });
}

export const api = {
    get: (path) => send('GET', path),
    post: (path, json) => send('POST', path, {json}),
    patch: (path, json) => send('PATCH', path, {json}),
    delete: (path, json) => send('DELETE', path, {json}),
    postForm: (path, form) => send('POST', path, {form}),
    blob: (path) => send('GET', path, {raw: true}),
    upload,
};
