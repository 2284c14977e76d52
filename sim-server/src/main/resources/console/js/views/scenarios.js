// View 1: the scenario catalogue, with a picture of each initial grid; create a simulation, or
// create one and run N ticks.
import { getJson, postJson, send, enc, ApiError } from '../api.js';
import { h, clear, field } from '../dom.js';
import { drawGrid, snapshotAgents } from '../grid.js';
import { TraceModel, readLines, take } from '../trace.js';
import { Plots } from '../plots.js';

export function render(main, params, { navigate, showNotice }) {
  document.title = 'Scenarios · Causality console';
  const list = h('div', { className: 'cards', role: 'list', 'aria-label': 'Scenarios' });
  const run = h('section', { className: 'panel', 'aria-labelledby': 'run-h', hidden: true });
  const aborter = new AbortController();
  clear(main, h('h1', {}, 'Scenarios'),
    h('p', {}, 'Pick a scenario to start a simulation from, or create one and run it at once.'),
    run, list);
  const context = { navigate, showNotice, run, signal: aborter.signal };
  load(list, context).catch((e) => showNotice(describe(e)));
  return () => aborter.abort();
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

async function load(list, context) {
  const full = await scenarios();
  clear(list, full.map((s) => card(s, context)));
  for (const s of full) {
    const canvas = list.querySelector(`canvas[data-scenario="${CSS.escape(s.id)}"]`);
    drawGrid(canvas, s.initialState.grid, s.initialState.attractors,
      snapshotAgents(s.agents), { labels: false });
  }
}

function card(s, context) {
  const ticks = h('input', { type: 'number', min: 1, max: 10000, value: 100, name: 'ticks',
    required: true, className: 'ticks' });
  const result = h('p', { role: 'status' });
  const create = (andRun) => async () => {
    result.textContent = andRun ? 'Creating and running…' : 'Creating…';
    try {
      const id = andRun ? await createAndRun(s, Number(ticks.value), context)
        : (await postJson('/v1/simulations', { scenarioId: s.id })).id;
      context.navigate(`/console/simulations/${id}`);
    } catch (e) {
      if (e.name === 'AbortError') return;
      result.textContent = '';
      context.showNotice(describe(e));
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

/**
 * One request creates the simulation and runs it (POST /v1/simulations/run as NDJSON): the plots
 * draw as the lines arrive, then the simulation opens. Answers its id, from X-Simulation-Id.
 */
async function createAndRun(s, ticks, { run, signal }) {
  const response = await send('POST', '/v1/simulations/run',
    { body: { scenarioId: s.id, ticks }, accept: 'application/x-ndjson', signal });
  const id = response.headers.get('X-Simulation-Id');
  const model = new TraceModel();
  const plotBox = h('div', {});
  clear(run, h('h2', { id: 'run-h' }, `Running ${s.label}`), plotBox);
  run.hidden = false;
  const plots = new Plots(plotBox, model);
  try {
    await readLines(response, (line) => take(model, line), () => plots.update());
    plots.complete();
    // For the browser test: how many ticks the run's plots held before the simulation opened.
    performance.mark('console:run-plotted', { detail: { simulationId: id, ticks: model.ticks.length } });
  } finally {
    plots.destroy();
  }
  return id;
}
