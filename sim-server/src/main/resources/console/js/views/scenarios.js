// View 1: the scenario catalogue, with a picture of each initial grid; create a simulation, or
// create one and run N ticks.
import { getJson, postJson, enc, ApiError } from '../api.js';
import { h, clear, field } from '../dom.js';
import { drawGrid, snapshotAgents } from '../grid.js';

export function render(main, params, { navigate, showNotice }) {
  document.title = 'Scenarios · Causality console';
  const list = h('div', { className: 'cards', role: 'list', 'aria-label': 'Scenarios' });
  clear(main, h('h1', {}, 'Scenarios'),
    h('p', {}, 'Pick a scenario to start a simulation from, or create one and run it at once.'),
    list);
  load(list, navigate, showNotice).catch((e) => showNotice(describe(e)));
}

function describe(e) {
  return e instanceof ApiError ? e.describe() : `Could not load the scenarios: ${e.message}`;
}

// The catalogue changes only with a new release: read once per page load, not per visit.
let catalogue = null;

async function scenarios() {
  if (!catalogue) {
    const { data } = await getJson('/v1/scenarios');
    catalogue = await Promise.all(data.map((s) => getJson(`/v1/scenarios/${enc(s.id)}`)));
  }
  return catalogue;
}

async function load(list, navigate, showNotice) {
  const full = await scenarios();
  clear(list, full.map((s) => card(s, navigate, showNotice)));
  for (const s of full) {
    const canvas = list.querySelector(`canvas[data-scenario="${CSS.escape(s.id)}"]`);
    drawGrid(canvas, s.initialState.grid, s.initialState.attractors,
      snapshotAgents(s.agents), { labels: false });
  }
}

function card(s, navigate, showNotice) {
  const ticks = h('input', { type: 'number', min: 1, max: 10000, value: 100, name: 'ticks',
    required: true, className: 'ticks' });
  const result = h('p', { role: 'status' });
  const create = (run) => async () => {
    result.textContent = run ? 'Creating and running…' : 'Creating…';
    try {
      const sim = await postJson('/v1/simulations', { scenarioId: s.id });
      if (run) await postJson(`/v1/simulations/${sim.id}/step`, { ticks: Number(ticks.value) });
      navigate(`/console/simulations/${sim.id}`);
    } catch (e) {
      result.textContent = '';
      showNotice(describe(e));
    }
  };
  return h('article', { className: 'card', role: 'listitem', 'aria-labelledby': `sc-${s.id}` },
    h('canvas', { width: 120, height: 120, 'data-scenario': s.id, role: 'img',
      'aria-label': `Initial grid of ${s.label}` }),
    h('h2', { id: `sc-${s.id}` }, s.label),
    h('p', { className: 'tags' }, s.tags.map((t) => h('span', {}, t))),
    h('p', {}, s.note),
    h('p', {}, `${s.agents.length} agents · ${s.initialState.attractors.length} attractors · seed ${s.seed}`),
    h('div', { className: 'row' },
      h('button', { type: 'button', className: 'primary', onclick: create(false),
        'aria-label': `Create a simulation of ${s.label}` }, 'Create'),
      field('Ticks to run', ticks),
      h('button', { type: 'button', onclick: create(true),
        'aria-label': `Create and run ${s.label}` }, 'Create and run')),
    result);
}
