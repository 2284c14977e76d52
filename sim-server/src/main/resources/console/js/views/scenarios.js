// View 1: the scenario catalogue, with a picture of each initial grid; create a simulation, or
// create one and run N ticks.
import { getJson, postJson, send, enc, ApiError, can } from '../api.js';
import { h, clear, field } from '../dom.js';
import { drawGrid, snapshotAgents } from '../grid.js';
import { TraceModel, readTraceBody, keepRun } from '../trace.js';
import { Plots } from '../plots.js';
import { readOnlyNote } from './simulation-panels.js';

export function render(main, params, { navigate, showNotice }) {
  document.title = 'Scenarios · Causality console';
  const list = h('div', { className: 'cards' });
  const aborter = new AbortController();
  const note = h('div', {});
  clear(main, h('h1', {}, 'Scenarios'),
    h('p', {}, 'Pick a scenario to start a simulation from, or create one and run it at once.'),
    note, list);
  const context = { navigate, showNotice, signal: aborter.signal };
  can('simulation:write').then((canWrite) => {
    context.canWrite = canWrite;
    if (!canWrite) note.append(readOnlyNote());
    return load(list, context);
  }).catch((e) => showNotice(describe(e)));
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
  let article = null;
  const create = (andRun) => async () => {
    result.textContent = andRun ? 'Creating and running…' : 'Creating…';
    try {
      const id = andRun ? await createAndRun(s, Number(ticks.value), article, context)
        : (await postJson('/v1/simulations', { scenarioId: s.id })).id;
      if (id) context.navigate(`/console/simulations/${id}`);
      else result.textContent = '';
    } catch (e) {
      if (e.name === 'AbortError') return;
      result.textContent = '';
      context.showNotice(describe(e));
    }
  };
  const off = !context.canWrite;
  article = h('article', { className: 'card', 'aria-labelledby': `sc-${s.id}` },
    h('canvas', { width: 120, height: 120, 'data-scenario': s.id, role: 'img',
      'aria-label': `Initial grid of ${s.label}` }),
    h('h2', { id: `sc-${s.id}` }, s.label),
    h('p', { className: 'tags' }, s.tags.map((t) => h('span', {}, t))),
    h('p', {}, s.note),
    h('p', {}, `${s.agents.length} agents · ${s.initialState.attractors.length} attractors · seed ${s.seed}`),
    h('div', { className: 'row' },
      h('button', { type: 'button', className: 'primary', onclick: create(false), disabled: off,
        'aria-label': `Create a simulation of ${s.label}` }, 'Create'),
      field('Ticks to run', ticks),
      h('button', { type: 'button', onclick: create(true), disabled: off,
        'aria-label': `Create and run ${s.label}` }, 'Create and run')),
    h('p', {}, h('a', { href: `/console/scenarios/${enc(s.id)}/parameters`, 'data-link': true,
      'aria-label': `Parameters of ${s.label}` }, 'Change its parameters…')),
    result);
  return article;
}

/**
 * One request creates the simulation and runs it (POST /v1/simulations/run as NDJSON): the plots
 * draw as the lines arrive, in a panel under the card that asked (read off the page's thread), and
 * the simulation opens with the trace kept, not asked for again. Answers its id, from
 * X-Simulation-Id; null when cancelled.
 */
async function createAndRun(s, ticks, article, { signal }) {
  // For docs/performance.md: where the console benchmark measures a run from.
  performance.mark('console:run-requested');
  const cancel = new AbortController();
  const both = anyOf(signal, cancel.signal);
  const response = await send('POST', '/v1/simulations/run',
    { body: { scenarioId: s.id, ticks }, accept: 'application/x-ndjson', signal: both });
  const id = response.headers.get('X-Simulation-Id');
  const model = new TraceModel();
  const plotBox = h('div', {});
  const state = h('p', { role: 'status' }, `Running ${ticks} ticks…`);
  const run = h('section', { className: 'panel', 'aria-labelledby': 'run-h' },
    h('h2', { id: 'run-h' }, `Running ${s.label}`),
    h('div', { className: 'row' }, state,
      h('button', { type: 'button', onclick: () => cancel.abort() }, 'Cancel')),
    plotBox);
  // under the card that asked, wherever it is in the list, and in view
  article.parentElement.querySelector('section[aria-labelledby="run-h"]')?.remove();
  article.after(run);
  run.scrollIntoView({ block: 'nearest' });
  const plots = new Plots(plotBox, model, { exportable: false });
  try {
    await readTraceBody(response, model, () => plots.update(), both);
    plots.complete();
    // For the browser test: how many ticks the run's plots held before the simulation opened.
    performance.mark('console:run-plotted', { detail: { simulationId: id, ticks: model.ticks.length } });
    keepRun(id, model);
    return id;
  } catch (e) {
    if (!cancel.signal.aborted || signal.aborted) throw e;
    // The service created and ran it before the trace was sent: say so, and where it is.
    clear(run, h('h2', { id: 'run-h' }, `Run of ${s.label} cancelled`),
      h('p', { role: 'status' }, 'The page stopped drawing it; the simulation was created and run on the ',
        'service already. ', h('a', { href: `/console/simulations/${id}`, 'data-link': true }, 'Open it')));
    return null;
  } finally {
    plots.destroy();
  }
}

function anyOf(...signals) {
  const controller = new AbortController();
  for (const s of signals) s.addEventListener('abort', () => controller.abort(), { once: true });
  return controller.signal;
}
