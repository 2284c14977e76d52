// View 2: the paged list of simulations, filtered by status and sorted by creation or outcome
// (final b, agents lost), with their names; pick two to five to compare. JWT callers who belong to
// several organizations pick one. Each page, filter and order is a place in the history.
import { getJson, ApiError } from '../api.js';
import { h, clear, field, statusBadge, formatTime, formatNumber } from '../dom.js';

const PAGE = 20;
const MAX_COMPARED = 5;
const SORTS = { createdAt: 'Created', b: 'Final b', losses: 'Losses' };

export function render(main, params, { showNotice, navigate }) {
  document.title = 'Simulations · Causality console';
  const query = new URLSearchParams(location.search);
  const state = { offset: Number(query.get('offset') ?? 0), status: query.get('status') ?? '',
    organizationId: query.get('organizationId') ?? '', sort: query.get('sort') ?? '',
    order: query.get('order') ?? '' };
  const picked = new Map();
  const table = h('div', {});
  const compareState = h('span', { role: 'status' });
  const compareButton = h('button', { type: 'button', className: 'primary', disabled: true,
    onclick: () => navigate(`/console/compare?ids=${[...picked.keys()].join(',')}`) },
  'Compare the selected');
  const onPick = (simulation, checked) => {
    if (simulation && checked) picked.set(simulation.id, simulation);
    else if (simulation) picked.delete(simulation.id);
    compareButton.disabled = picked.size < 2 || picked.size > MAX_COMPARED;
    compareState.textContent = picked.size > MAX_COMPARED
      ? `${picked.size} selected: compare at most ${MAX_COMPARED}.`
      : `${picked.size} selected (2 to ${MAX_COMPARED} to compare).`;
  };
  const status = h('select', { name: 'status' },
    ['', 'created', 'paused', 'running', 'completed'].map((s) =>
      h('option', { value: s, selected: s === state.status }, s || 'any')));
  const orgs = h('select', { name: 'organization' }, h('option', { value: '' }, 'all of mine'));
  const orgField = field('Organization', orgs);
  orgField.hidden = true;
  // A page, a filter or an order is a place of its own in the history: Back returns to the last.
  const reload = (remember = true) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(state)) if (v) next.set(k, v);
    const path = `/console/simulations${next.size ? `?${next}` : ''}`;
    if (remember && `${location.pathname}${location.search}` !== path) history.pushState(null, '', path);
    load(table, state, reload, picked, onPick).catch((e) =>
      showNotice(e instanceof ApiError ? e.describe() : e.message));
  };
  status.addEventListener('change', () => { state.status = status.value; state.offset = 0; reload(); });
  orgs.addEventListener('change', () => { state.organizationId = orgs.value; state.offset = 0; reload(); });
  onPick(null, false);
  clear(main, h('h1', {}, 'Simulations'),
    h('div', { className: 'row' }, field('Status', status), orgField),
    table,
    h('div', { className: 'row' }, compareButton, compareState));
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

async function load(table, state, reload, picked, onPick) {
  const query = new URLSearchParams({ limit: PAGE, offset: state.offset });
  if (state.organizationId) query.set('organizationId', state.organizationId);
  // The service filters and sorts, so the pages and the total are those of the whole list.
  if (state.status) query.set('status', state.status);
  if (state.sort) query.set('sort', state.sort);
  if (state.order) query.set('order', state.order);
  const page = await getJson(`/v1/simulations?${query}`);
  const rows = page.data;
  const { offset, total } = page.pagination;
  // A heading pressed again turns the order round; another heading sorts by it, largest first.
  const sortBy = (key) => () => {
    const current = state.sort || 'createdAt';
    const order = state.order || 'desc';
    const next = current === key && order === 'desc' ? 'asc' : 'desc';
    const usual = key === 'createdAt' && next === 'desc';
    state.sort = usual ? '' : key;
    state.order = usual ? '' : next;
    state.offset = 0;
    reload();
  };
  const heading = (key, className) => {
    const active = (state.sort || 'createdAt') === key;
    const order = state.order || 'desc';
    const sort = active ? (order === 'asc' ? 'ascending' : 'descending') : 'none';
    const arrow = active ? (order === 'asc' ? ' ▲' : ' ▼') : '';
    return h('th', { scope: 'col', className, 'aria-sort': sort },
      h('button', { type: 'button', className: 'sort', onclick: sortBy(key),
        'aria-label': `Sort by ${SORTS[key].toLowerCase()}` }, `${SORTS[key]}${arrow}`));
  };
  clear(table,
    h('div', { className: 'table-wrap' }, h('table', {},
      h('caption', { className: 'visually-hidden' }, 'Simulations'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Compare'), h('th', { scope: 'col' }, 'Name'),
        heading('createdAt'), h('th', { scope: 'col' }, 'Scenario'), h('th', { scope: 'col' }, 'Status'),
        h('th', { scope: 'col', className: 'num' }, 'Tick'), heading('b', 'num'), heading('losses', 'num'),
        h('th', { scope: 'col', className: 'optional' }, 'Id'))),
      h('tbody', {}, rows.map((s) => row(s, picked, onPick))))),
    rows.length ? null : h('p', {}, state.status ? `No ${state.status} simulation.`
      : 'No simulation yet: create one from a scenario.'),
    pager(offset, total, state, reload));
}

function row(s, picked, onPick) {
  const name = s.label ?? '';
  const link = h('a', { href: `/console/simulations/${s.id}`, 'data-link': true }, formatTime(s.createdAt));
  const pick = h('input', { type: 'checkbox', checked: picked.has(s.id),
    'aria-label': `Compare ${name || `the simulation of ${formatTime(s.createdAt)}`}`,
    onchange: (event) => onPick(s, event.target.checked) });
  const started = s.state?.tick >= 0;
  return h('tr', {}, h('td', {}, pick), h('td', {}, name || '—'), h('td', {}, link),
    h('td', {}, s.scenarioId ?? '(inline)'), h('td', {}, statusBadge(s.status)),
    h('td', { className: 'num' }, started ? formatNumber(s.state.tick) : 'none yet'),
    h('td', { className: 'num' }, started ? String(s.state.b) : '–'),
    h('td', { className: 'num' }, started ? formatNumber(s.state.agents.lost) : '–'),
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
