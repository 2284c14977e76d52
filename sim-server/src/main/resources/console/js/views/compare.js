// Compare runs: two to five simulations (/console/compare?ids=a,b,c), their series overlaid on
// shared axes (b, agents lost, mean gamma of the live agents) and a table of their outcomes:
// final b, losses, paradoxes, ticks, scenario, seed, engine version. The address names them, so
// a comparison is a link to share.
import uPlot from '/console/vendor/uplot/uPlot.esm.js';
import { getJson, ApiError, enc, saveBlob } from '../api.js';
import { h, clear, formatNumber } from '../dom.js';
import { TraceModel, readTrace, readEventLog } from '../trace.js';
import { palette, onSchemeChange } from '../palette.js';
import { pngOf } from '../plots.js';

const MIN = 2;
const MAX = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** One colour and one dash per run: a run is told by its line's pattern as well as its colour. */
const LOOKS = [['free', []], ['straying', [8, 4]], ['paradox', [2, 3]], ['held', [12, 3, 2, 3]],
  ['lost', [4, 2]]];
const CHARTS = [
  { title: 'Stability b', file: 'b', values: (m) => m.b },
  { title: 'Agents lost', file: 'lost', values: (m) => m.counts.lost },
  { title: 'Mean gamma of live agents', file: 'gamma', values: (m) => m.gamma },
];

export function render(main) {
  document.title = 'Compare runs · Causality console';
  const ids = [...new Set((new URLSearchParams(location.search).get('ids') ?? '')
    .split(',').map((s) => s.trim()).filter(Boolean))];
  clear(main, h('h1', {}, 'Compare runs'));
  const bad = ids.filter((id) => !UUID.test(id));
  if (ids.length < MIN || ids.length > MAX || bad.length) {
    main.append(h('p', { className: 'message error' },
      `Name ${MIN} to ${MAX} simulations to compare by their ids, for example `,
      `/console/compare?ids=ID1,ID2; pick them in `,
      h('a', { href: '/console/simulations', 'data-link': true }, 'Simulations'), '.',
      bad.length ? ` Not an id: ${bad.join(', ')}.` : ''));
    return null;
  }
  const view = new CompareView(main, ids);
  view.start();
  return () => view.destroy();
}

class CompareView {
  constructor(main, ids) {
    this.main = main;
    this.ids = ids;
    this.aborter = new AbortController();
    this.charts = [];
    this.state = h('p', { role: 'status' }, `Reading ${ids.length} simulations…`);
    this.tableBox = h('div', {});
    this.plotBox = h('div', {});
    main.append(this.state,
      h('section', { className: 'panel', 'aria-labelledby': 'outcomes-h' },
        h('h2', { id: 'outcomes-h' }, 'Outcomes'), this.tableBox),
      h('section', { className: 'panel', 'aria-labelledby': 'series-h' },
        h('h2', { id: 'series-h' }, 'Series on shared axes'), this.plotBox));
    this.stopScheme = onSchemeChange(() => this.draw());
  }

  async start() {
    this.runs = await Promise.all(this.ids.map((id, i) => this.read(id, i)));
    if (this.aborter.signal.aborted) return;
    const shown = this.runs.filter((r) => !r.error);
    this.state.textContent = `${shown.length} of ${this.runs.length} simulations compared.`;
    clear(this.tableBox, outcomes(this.runs));
    this.draw();
  }

  /** One run: the simulation, its trace's series (in the worker) and its events' counts. */
  async read(id, index) {
    const signal = this.aborter.signal;
    const run = { id, index, model: new TraceModel(), paradoxes: 0 };
    try {
      run.sim = await getJson(`/v1/simulations/${enc(id)}`, { signal });
      if (run.sim.state.tick >= 0) {
        await Promise.all([
          readTrace(id, run.model, () => {}, signal),
          readEventLog(id, null, (name) => {
            if (name === 'paradox') run.paradoxes++;
          }, signal)]);
        run.seed = run.model.metadata?.seed;
      } else {
        run.seed = (await getJson(`/v1/simulations/${enc(id)}/scenario`, { signal })).seed;
      }
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      run.error = e instanceof ApiError ? e.describe() : e.message;
    }
    return run;
  }

  draw() {
    for (const c of this.charts) c.destroy();
    this.charts = [];
    clear(this.plotBox);
    const runs = (this.runs ?? []).filter((r) => !r.error && r.model.ticks.length);
    if (!runs.length) {
      this.plotBox.append(h('p', {}, 'None of these simulations has a tick computed yet.'));
      return;
    }
    const last = Math.max(...runs.map((r) => r.model.lastTick));
    const x = Array.from({ length: last + 1 }, (_, t) => t);
    const width = Math.max(240, this.plotBox.clientWidth - 8);
    const colours = palette();
    const axis = { stroke: colours.muted, grid: { stroke: colours.line, width: 1 },
      ticks: { stroke: colours.line } };
    for (const spec of CHARTS) {
      const holder = h('div', { className: 'plot' });
      const save = h('button', { type: 'button' }, `Save "${spec.title}" as PNG`);
      this.plotBox.append(h('div', { className: 'row' }, h('h3', { className: 'plot-title' }, spec.title),
        save), holder);
      const chart = new uPlot({
        width, height: 180, scales: { x: { time: false } },
        axes: [{ ...axis, size: 30 }, { ...axis, size: 50 }],
        series: [{ label: 'tick' }, ...runs.map((r) => {
          const [colour, dash] = LOOKS[r.index];
          return { label: name(r), stroke: colours[colour], dash, width: 1.5, points: { show: false } };
        })],
      }, [x, ...runs.map((r) => aligned(spec.values(r.model), r.model.ticks, last))], holder);
      save.addEventListener('click', () => pngOf(chart.ctx.canvas, spec.title,
        runs.map((r) => name(r)).join(' · '))
        .then((blob) => saveBlob(blob, `compare-${spec.file}.png`)));
      this.charts.push(chart);
    }
  }

  destroy() {
    this.aborter.abort();
    this.stopScheme();
    for (const c of this.charts) c.destroy();
  }
}

/** A series indexed by tick, from 0 to last: null where the run has no tick. */
function aligned(values, ticks, last) {
  const out = new Array(last + 1).fill(null);
  ticks.forEach((t, i) => { out[t] = values[i]; });
  return out;
}

function name(run) {
  const s = run.sim;
  const seed = run.seed;
  return s.label ?? `${s.scenarioId ?? 'inline'}${seed !== undefined ? ` seed ${seed}` : ''} (${s.id.slice(0, 8)})`;
}

function outcomes(runs) {
  const heads = [['Simulation', ''], ['Scenario', ''], ['Seed', 'num'], ['Engine version', ''],
    ['Ticks', 'num'], ['Final b', 'num'], ['Losses', 'num'], ['Paradoxes', 'num']];
  return h('div', { className: 'table-wrap' }, h('table', { className: 'compare-table' },
    h('caption', { className: 'visually-hidden' }, 'Outcomes of the compared runs'),
    h('thead', {}, h('tr', {}, heads.map(([t, c]) => h('th', { scope: 'col', className: c }, t)))),
    h('tbody', {}, runs.map((r) => {
      if (r.error) {
        return h('tr', {}, h('td', {}, r.id), h('td', { colspan: 7 }, `Cannot be shown: ${r.error}`));
      }
      const s = r.sim;
      const started = s.state.tick >= 0;
      const [colour] = LOOKS[r.index];
      return h('tr', {},
        h('th', { scope: 'row' }, h('span', { className: `marker-${markerOf(colour)}` }, '━ '),
          h('a', { href: `/console/simulations/${s.id}`, 'data-link': true }, name(r))),
        h('td', {}, s.scenarioId ?? '(inline)'),
        h('td', { className: 'num' }, r.seed !== undefined ? String(r.seed) : '–'),
        h('td', {}, s.engineVersion),
        h('td', { className: 'num' }, formatNumber(s.ticks)),
        h('td', { className: 'num' }, started ? String(s.state.b) : '–'),
        h('td', { className: 'num' }, started ? formatNumber(s.state.agents.lost) : '–'),
        h('td', { className: 'num' }, started ? formatNumber(r.paradoxes) : '–'));
    }))));
}

/** The marker class whose colour is the run's line colour, for the swatch in the table. */
function markerOf(colour) {
  return { free: 'decree', straying: 'warning', paradox: 'paradox', held: 'held', lost: 'loss' }[colour];
}
