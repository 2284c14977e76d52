// The API client: holds the credential (sessionStorage only, never in a URL), sends it as a
// header, and turns the error envelope into an ApiError with words a person can act on.
const STORE = 'causality.console.credential';

export const credential = {
  get() {
    const raw = sessionStorage.getItem(STORE);
    return raw ? JSON.parse(raw) : null;
  },
  set(kind, value) {
    sessionStorage.setItem(STORE, JSON.stringify({ kind, value }));
    callerInfo = null;
  },
  clear() {
    sessionStorage.removeItem(STORE);
    callerInfo = null;
  },
};

export class ApiError extends Error {
  constructor(status, code, message, retryAfter, requestId, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
    this.requestId = requestId;
    this.details = details;
  }

  /** The validation issues, {path, message} each; none for other errors. */
  get issues() {
    return this.details?.issues ?? [];
  }

  /** What to tell the person. */
  describe() {
    if (this.status === 403) return `Not allowed: ${this.message}`;
    if (this.status === 429) {
      // The service's message may say when already; the wait is told once.
      const told = /retry|try again/i.test(this.message);
      const wait = this.retryAfter && !told ? ` Try again in ${this.retryAfter} seconds.` : '';
      return `Too many requests: ${this.message.replace(/\.$/, '')}.${wait}`;
    }
    if (this.status === 0) return `The service cannot be reached: ${this.message}`;
    return this.message;
  }
}

function authHeaders() {
  const c = credential.get();
  if (!c) return {};
  return c.kind === 'jwt' ? { Authorization: `Bearer ${c.value}` } : { 'X-Api-Key': c.value };
}

/** A 401 anywhere ends the session: the app listens and goes back to sign-in. */
function unauthorized(error) {
  credential.clear();
  window.dispatchEvent(new CustomEvent('console:unauthorized', { detail: error.message }));
}

async function errorOf(response) {
  let envelope = null;
  try {
    envelope = (await response.json()).error;
  } catch (ignored) {
    // Not the envelope (a proxy's page): the status says enough.
  }
  return new ApiError(
    response.status,
    envelope?.code ?? `HTTP_${response.status}`,
    envelope?.message ?? response.statusText ?? `HTTP ${response.status}`,
    response.headers.get('Retry-After'),
    envelope?.requestId ?? response.headers.get('X-Request-Id'),
    envelope?.details ?? null);
}

/** Sends a request; answers the Response when ok, throws ApiError otherwise. */
export async function send(method, path, { body, accept, signal, headers } = {}) {
  const all = { Accept: accept ?? 'application/json', ...authHeaders(), ...headers };
  if (body !== undefined) all['Content-Type'] ??= 'application/json';
  let response;
  try {
    response = await fetch(path, {
      method, signal, headers: all, credentials: 'omit', cache: 'no-store',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', e.message);
  }
  if (response.ok) return response;
  const error = await errorOf(response);
  if (error.status === 401) unauthorized(error);
  throw error;
}

export async function getJson(path, options) {
  return (await send('GET', path, options)).json();
}

export async function postJson(path, body, options) {
  return (await send('POST', path, { ...options, body })).json();
}

export async function putJson(path, body, options) {
  return (await send('PUT', path, { ...options, body })).json();
}

export async function patchJson(path, body, options) {
  return (await send('PATCH', path, { ...options, body })).json();
}

export async function deleteResource(path, options) {
  await send('DELETE', path, options);
}

let callerInfo = null;

/**
 * Who the credential is (GET /v1/caller): its kind, scopes and organizations, read once per
 * session. Views use it to offer only what the credential may do.
 */
export function caller() {
  callerInfo ??= getJson('/v1/caller').catch((e) => {
    callerInfo = null;
    throw e;
  });
  return callerInfo;
}

/** Whether the credential has a scope; false while it cannot be told. */
export async function can(scope) {
  try {
    return (await caller()).scopes.includes(scope);
  } catch (e) {
    return false;
  }
}

/**
 * Saves what the service answers as a file: fetched with the credential's header (a link could
 * not carry it), then handed to the browser as a download. The service builds the file; the page
 * only saves it.
 */
export async function download(path, accept, fallbackName, options) {
  const response = await send('GET', path, { ...options, accept });
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}

/** Offers a blob as a download named name. */
export function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has its own reference once started
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

export const enc = encodeURIComponent;
