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
  },
  clear() {
    sessionStorage.removeItem(STORE);
  },
};

export class ApiError extends Error {
  constructor(status, code, message, retryAfter, requestId) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
    this.requestId = requestId;
  }

  /** What to tell the person. */
  describe() {
    if (this.status === 403) return `Not allowed: ${this.message}`;
    if (this.status === 429) {
      const wait = this.retryAfter ? ` Try again in ${this.retryAfter} seconds.` : '';
      return `Too many requests: ${this.message}.${wait}`;
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
    envelope?.requestId ?? response.headers.get('X-Request-Id'));
}

/** Sends a request; answers the Response when ok, throws ApiError otherwise. */
export async function send(method, path, { body, accept, signal, headers } = {}) {
  const all = { Accept: accept ?? 'application/json', ...authHeaders(), ...headers };
  if (body !== undefined) all['Content-Type'] = 'application/json';
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

export const enc = encodeURIComponent;
