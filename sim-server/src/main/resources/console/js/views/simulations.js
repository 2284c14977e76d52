// View 2: the paged list of simulations, filtered by status; JWT callers who belong to several
// organizations pick one.
import { getJson, ApiError } from '../api.js';
import { h, clear, field, statusBadge, formatTime, formatNumber } from '../dom.js';

const PAGE = 20;

export function render(main, params, { showNotice }) {
  document.title = 'Simulations · Causality console';
  const query = new URLSearchParams(location.search);
  const state = { offset: Number(query.get('offset') ?? 0), status: query.get('status') ?? '',
    organizationId: query.get('organizationId') ?? '' };
  const table = h('div', {});
  const status = h('select', { name: 'status' },
    ['', 'created', 'paused', 'running', 'completed'].map((s) =>
      h('option', { value: s, selected: s === state.status }, s || 'any')));
  const orgs = h('select', { name: 'organization' }, h('option', { value: '' }, 'all of mine'));
  const orgField = field('Organization', orgs);
  orgField.hidden = true;
  // A page or a filter is a place of its own in the history: Back returns to the one before.
  const reload = (remember = true) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(state)) if (v) next.set(k, v);
    const path = `/console/simulations${next.size ? `?${next}` : ''}`;
    if (remember && `${location.pathname}${location.search}` !== path) history.pushState(null, '', path);
    load(table, state, reload).catch((e) =>
      showNotice(e instanceof ApiError ? e.describe() : e.message));
  };
  status.addEventListener('change', () => { state.status = status.value; state.offset = 0; reload(); });
  orgs.addEventListener('change', () => { state.organizationId = orgs.value; state.offset = 0; reload(); });
  clear(main, h('h1', {}, 'Simulations'),
    h('div', { className: 'row' }, field('Status', status), orgField), table);
  organizations(orgs, orgField, state).catch(() => { /* org:read may be missing: no picker */ });
  reload(false);
}

async function organizations(select, wrapper, state) {
  const { data } = await getJson('/v1/organizations');
  if (data.length < 2) return;
  for (const org of data) {
    select.append(h('option', { value: org.id, selected: org.id === state.organizationId }, org.name));
  }
  wrapper.hidden = false;
}

async function load(table, state, reload) {
  const query = new URLSearchParams({ limit: PAGE, offset: state.offset });
  if (state.organizationId) query.set('organizationId', state.organizationId);
  // The service filters, so the pages and the total are those of the filtered list.
  if (state.status) query.set('status', state.status);
  const page = await getJson(`/v1/simulations?${query}`);
  const rows = page.data;
  const { offset, total } = page.pagination;
  clear(table,
    h('div', { className: 'table-wrap' }, h('table', {},
      h('caption', { className: 'visually-hidden' }, 'Simulations'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Created'),
        h('th', { scope: 'col' }, 'Scenario'), h('th', { scope: 'col' }, 'Status'),
        h('th', { scope: 'col', className: 'num' }, 'Tick'),
        h('th', { scope: 'col', className: 'optional' }, 'Id'))),
      h('tbody', {}, rows.map(row)))),
    rows.length ? null : h('p', {}, state.status ? `No ${state.status} simulation.`
      : 'No simulation yet: create one from a scenario.'),
    pager(offset, total, state, reload));
}

function row(s) {
  const link = h('a', { href: `/console/simulations/${s.id}`, 'data-link': true }, formatTime(s.createdAt));
  return h('tr', {}, h('td', {}, link), h('td', {}, s.scenarioId ?? '(inline)'),
    h('td', {}, statusBadge(s.status)), h('td', { className: 'num' }, s.state?.tick >= 0 ? formatNumber(s.state.tick) : 'none yet'),
    h('td', { className: 'optional' }, s.id));
}

function pager(offset, total, state, reload) {
  const go = (to) => () => { state.offset = to; reload(); };
  const last = Math.min(offset + PAGE, total);
  return h('nav', { className: 'pager', 'aria-label': 'Pages' },
    h('button', { type: 'button', disabled: offset === 0, onclick: go(Math.max(0, offset - PAGE)) },
      'Previous page'),
    h('span', {}, total ? `${offset + 1}–${last} of ${total}` : '0 of 0'),
    h('button', { type: 'button', disabled: last >= total, onclick: go(offset + PAGE) }, 'Next page'));
}
