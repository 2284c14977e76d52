// The console's entry: sign-in, the router (history API, so deep links and Back work) and the
// views, one module each.
import { credential, getJson, ApiError } from './api.js';
import { h, clear, field, focusHeading } from './dom.js';
import * as scenarios from './views/scenarios.js';
import * as simulations from './views/simulations.js';
import * as simulation from './views/simulation.js';
import * as organization from './views/organization.js';
import * as experiments from './views/experiments.js';
import * as experiment from './views/experiment.js';

const ROUTES = [
  [/^\/console\/?$/, scenarios],
  [/^\/console\/scenarios\/?$/, scenarios],
  [/^\/console\/simulations\/?$/, simulations],
  [/^\/console\/simulations\/([0-9a-fA-F-]{36})\/?$/, simulation],
  [/^\/console\/organization\/?$/, organization],
  [/^\/console\/experiments\/?$/, experiments],
  [/^\/console\/experiments\/([0-9a-fA-F-]{36})\/?$/, experiment],
];

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const notice = document.getElementById('notice');
let cleanup = null;

export function navigate(path) {
  history.pushState(null, '', path);
  route();
}

export function showNotice(text) {
  notice.textContent = text ?? '';
}

function route() {
  if (cleanup) cleanup();
  cleanup = null;
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
      cleanup = view.render(main, match.slice(1), { navigate, showNotice }) ?? null;
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
window.addEventListener('console:unauthorized', (event) => {
  if (cleanup) cleanup();
  cleanup = null;
  signIn(`Signed out: the service did not accept the credential (${event.detail}). Sign in again.`);
});
document.getElementById('sign-out').addEventListener('click', () => {
  credential.clear();
  if (cleanup) cleanup();
  cleanup = null;
  history.pushState(null, '', '/console/');
  signIn('Signed out.');
});

route();
