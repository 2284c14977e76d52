// The console's entry: sign-in, the router (history API, so deep links and Back work) and the
// views, one module each.
import { credential, getJson, ApiError } from './api.js';
import { h, clear, field, focusHeading } from './dom.js';
import * as scenarios from './views/scenarios.js';
import * as simulations from './views/simulations.js';
import * as simulation from './views/simulation.js';
import * as organization from './views/organization.js';
import * as compare from './views/compare.js';
import * as parameters from './views/parameters.js';
import * as experiments from './views/experiments.js';
import * as experiment from './views/experiment.js';

const ROUTES = [
  [/^\/console\/?$/, scenarios],
  [/^\/console\/scenarios\/?$/, scenarios],
  [/^\/console\/scenarios\/([A-Za-z0-9_.-]{1,100})\/parameters\/?$/, parameters],
  [/^\/console\/simulations\/?$/, simulations],
  [/^\/console\/simulations\/([0-9a-fA-F-]{36})\/?$/, simulation],
  [/^\/console\/organization\/?$/, organization],
  [/^\/console\/compare\/?$/, compare],
  [/^\/console\/experiments\/?$/, experiments],
  [/^\/console\/experiments\/([0-9a-fA-F-]{36})\/?$/, experiment],
];

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const notice = document.getElementById('notice');
/** The view shown: {destroy, suspend?, resume?}; a view's render may answer a function only. */
let current = null;

function leave() {
  if (current) current.destroy();
  current = null;
}

function viewOf(rendered) {
  if (!rendered) return null;
  return typeof rendered === 'function' ? { destroy: rendered } : rendered;
}

export function navigate(path) {
  history.pushState(null, '', path);
  route();
}

export function showNotice(text) {
  notice.textContent = text ?? '';
}

function route() {
  leave();
  showNotice('');
  if (!credential.get()) {
    signIn();
    return;
  }
  nav.hidden = false;
  const path = location.pathname;
  for (const link of nav.querySelectorAll('a')) {
    link.toggleAttribute('aria-current', path.startsWith(link.getAttribute('href')));
    if (link.hasAttribute('aria-current')) link.setAttribute('aria-current', 'page');
  }
  for (const [pattern, view] of ROUTES) {
    const match = pattern.exec(path);
    if (match) {
      current = viewOf(view.render(main, match.slice(1), { navigate, showNotice }));
      focusHeading(main);
      return;
    }
  }
  clear(main, h('h1', {}, 'Not found'), h('p', {}, 'No page at this address.'));
}

function signIn(message) {
  nav.hidden = true;
  document.title = 'Sign in · Causality console';
  const kind = h('select', { name: 'kind' },
    h('option', { value: 'apiKey' }, 'API key'),
    h('option', { value: 'jwt' }, 'Bearer token (JWT)'));
  const secret = h('input', { type: 'password', name: 'credential', required: true,
    autocomplete: 'off', spellcheck: 'false', size: 48 });
  const status = h('p', { role: 'status', className: message ? 'message error' : '' }, message ?? '');
  const form = h('form', { className: 'row', 'aria-label': 'Sign in' },
    field('Credential type', kind), field('API key or token', secret),
    h('button', { type: 'submit', className: 'primary' }, 'Sign in'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    await trySignIn(kind.value, secret.value.trim(), status);
  });
  clear(main, h('h1', {}, 'Sign in'),
    h('p', {}, 'Sign in with an API key of your organization (or a bearer token from your ',
      'single sign-on). It stays in this tab only and is forgotten when you sign out or close it.'),
    form, status);
  secret.focus();
}

async function trySignIn(kind, value, status) {
  credential.set(kind, value);
  status.className = 'message';
  status.textContent = 'Checking…';
  try {
    await getJson('/v1/simulations?limit=1');
    route();
  } catch (e) {
    if (e instanceof ApiError && e.status !== 401) {
      credential.clear();
      status.className = 'message error';
      status.textContent = e.describe();
    }
    // A 401 is handled by the listener below: back to sign-in with its message.
  }
}

document.addEventListener('click', (event) => {
  const link = event.target.closest('a[data-link]');
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  navigate(link.getAttribute('href'));
});
window.addEventListener('popstate', route);
// Leaving the page (another site, a reload, the tab closed, or into the back-forward cache): the
// view lets go of its live stream at once, so that no slot of the license waits for the server
// to notice; back from the cache, it follows again.
window.addEventListener('pagehide', () => current?.suspend?.());
window.addEventListener('pageshow', (event) => {
  if (event.persisted) current?.resume?.();
});
window.addEventListener('console:unauthorized', (event) => {
  leave();
  signIn(`Signed out: the service did not accept the credential (${event.detail}). Sign in again.`);
});
document.getElementById('sign-out').addEventListener('click', () => {
  credential.clear();
  leave();
  history.pushState(null, '', '/console/');
  signIn('Signed out.');
});

route();
