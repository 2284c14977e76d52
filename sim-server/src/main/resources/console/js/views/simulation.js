// View 3 and 4: one simulation, its plots and grid from the trace, its controls, and the live
// event stream that keeps them current while it plays.
import { getJson, ApiError, enc } from '../api.js';
import { h, clear, statusBadge, formatTime, focusHeading } from '../dom.js';
import { TraceModel, readTrace } from '../trace.js';
import { Plots } from '../plots.js';
import { EventStream } from '../stream.js';
import { GridPanel } from './grid-panel.js';
import { controls, decreeForm, policyForm, evaluation, InputLists } from './simulation-panels.js';

export function render(main, [id], { showNotice }) {
  document.title = 'Simulation · Causality console';
  const view = new SimulationView(main, id, showNotice);
  view.start();
  return () => view.destroy();
}

class SimulationView {
  constructor(main, id, showNotice) {
    this.main = main;
    this.id = id;
    this.showNotice = showNotice;
    this.aborter = new AbortController();
    this.buffered = null;
    this.log = h('ol', { className: 'events-log', 'aria-label': 'Recent live events' });
    this.liveState = h('p', { role: 'status' }, 'Connecting…');
    this.followButton = h('button', { type: 'button', onclick: () => this.toggleFollow() },
      'Stop following');
  }

  fail(e) {
    if (e.name === 'AbortError') return;
    this.showNotice(e instanceof ApiError ? e.describe() : e.message);
  }

  async start() {
    clear(this.main, h('h1', {}, 'Simulation'), h('p', {}, 'Loading…'));
    try {
      this.sim = await getJson(`/v1/simulations/${enc(this.id)}`, { signal: this.aborter.signal });
    } catch (e) {
      clear(this.main, h('h1', {}, 'Simulation'), h('p', {}, 'This simulation cannot be shown.'));
      this.fail(e);
      return;
    }
    this.layout();
    this.startStream();
    await this.loadTrace();
  }

  layout() {
    const s = this.sim;
    this.statusCell = h('dd', {}, statusBadge(s.status));
    this.tickCell = h('dd', {}, String(s.state.tick));
    this.plotBox = h('div', {});
    this.gridBox = h('div', {});
    this.lists = new InputLists(this.id, (e) => this.fail(e));
    this.controls = controls(this.id, s, { fail: (e) => this.fail(e), stepped: () => this.stepped() });
    clear(this.main,
      h('h1', {}, `Simulation of ${s.scenarioId ?? 'an inline scenario'}`),
      h('div', { className: 'sim-layout' },
        h('div', {},
          h('section', { className: 'panel', 'aria-labelledby': 'facts-h' },
            h('h2', { id: 'facts-h' }, 'Summary'),
            h('dl', { className: 'facts' }, h('dt', {}, 'Id'), h('dd', {}, s.id),
              h('dt', {}, 'Scenario'), h('dd', {}, s.scenarioId ?? '(inline)'),
              h('dt', {}, 'Engine version'), h('dd', {}, s.engineVersion),
              h('dt', {}, 'Status'), this.statusCell, h('dt', {}, 'Tick'), this.tickCell,
              h('dt', {}, 'Created'), h('dd', {}, formatTime(s.createdAt)))),
          h('section', { className: 'panel', 'aria-labelledby': 'plots-h' },
            h('h2', { id: 'plots-h' }, 'Plots over ticks'), this.plotBox),
          h('section', { className: 'panel', 'aria-labelledby': 'live-h' },
            h('h2', { id: 'live-h' }, 'Live events'),
            h('div', { className: 'row' }, this.liveState, this.followButton), this.log),
          this.lists.element),
        h('div', {},
          h('section', { className: 'panel', 'aria-labelledby': 'grid-h' },
            h('h2', { id: 'grid-h' }, 'Grid'), this.gridBox),
          this.controls.element,
          decreeForm(this.id, (e) => this.fail(e), () => this.lists.refresh()),
          policyForm(this.id, () => this.model.agentIds, (e) => this.fail(e)),
          evaluation(this.id, (e) => this.fail(e)))));
    // the heading focused while loading was replaced: focus its successor
    if (document.activeElement === document.body) focusHeading(this.main);
    this.lists.refresh();
    this.resetModel();
  }

  resetModel() {
    if (this.plots) this.plots.destroy();
    if (this.grid) this.grid.destroy();
    this.model = new TraceModel();
    this.plots = new Plots(this.plotBox, this.model);
    this.grid = new GridPanel(this.gridBox, this.model, this.id, (e) => this.fail(e));
  }

  async loadTrace() {
    this.buffered = [];
    if (this.sim.state.tick >= 0) {
      try {
        await readTrace(this.id, this.model, () => this.redraw(), this.aborter.signal);
        this.plots.complete();
        await this.markProphecies();
      } catch (e) {
        this.fail(e);
      }
    }
    const pending = this.buffered;
    this.buffered = null;
    for (const [name, data, id] of pending) this.onEvent(name, data, id);
    this.redraw();
  }

  async markProphecies() {
    const page = await getJson(`/v1/simulations/${enc(this.id)}/prophecies?limit=200&order=desc`,
      { signal: this.aborter.signal });
    for (const p of page.data) this.model.mark(p.tick, 'prophecy', prophecyText(p.data));
    this.redraw();
  }

  redraw() {
    this.plots.update();
    this.grid.update();
    if (this.model.lastTick >= 0) this.tickCell.textContent = String(this.model.lastTick);
  }

  startStream() {
    this.stream = new EventStream(this.id, {
      onEvent: (name, data, id) => this.onEvent(name, data, id),
      onState: (connected, text) => {
        this.liveState.textContent = text;
        this.followButton.textContent = this.stream.controller ? 'Stop following' : 'Follow live';
      },
    });
    this.stream.start();
  }

  toggleFollow() {
    if (this.stream.controller) this.stream.stop();
    else this.stream.start();
  }

  /** Events that arrive while the trace loads wait, so that none is lost or counted twice. */
  onEvent(name, data, id) {
    if (this.buffered) {
      this.buffered.push([name, data, id]);
      return;
    }
    if (name === 'heartbeat') return;
    if (name === 'tick' && !this.model.metadata) {
      // The first tick of a new simulation: its trace now exists, with the metadata (rules,
      // the stability threshold) that no event carries. Read it; it holds this tick too.
      this.reloadTrace();
      return;
    }
    if (name === 'tick') this.model.addTickEvent(data);
    else this.markEvent(name, data);
    if (name !== 'tick') this.logEvent(name, data, id);
    this.lastTickLine(id);
    this.redraw();
  }

  markEvent(name, data) {
    if (name === 'simulation:status') {
      this.statusCell.replaceChildren(statusBadge(data.status));
      this.controls.setStatus(data.status);
    } else if (name === 'loss') this.model.mark(data.tick, 'loss', `agent ${data.agent} lost from ${data.basin ?? 'no basin'}`);
    else if (name === 'paradox') this.model.mark(data.tick, 'paradox', `agent ${data.agent}, foretold tick ${data.foretoldTick}, cause ${data.cause}`);
    else if (name === 'prophecy') this.model.mark(data.tick, 'prophecy', prophecyText(data));
    else if (name === 'decree' || name === 'policy') this.lists.refreshSoon();
  }

  lastTickLine(id) {
    this.liveState.textContent = `Following live events · last event ${id} · tick ${this.model.lastTick}`;
  }

  logEvent(name, data, id) {
    const text = `${id} ${name} ${JSON.stringify(data).slice(0, 140)}`;
    this.log.prepend(h('li', {}, text));
    while (this.log.children.length > 50) this.log.lastChild.remove();
  }

  stepped() {
    if (!this.stream.connected) this.reloadTrace();
  }

  reloadTrace() {
    this.sim.state.tick = Math.max(this.sim.state.tick, 0);
    this.resetModel();
    this.loadTrace();
  }

  destroy() {
    this.aborter.abort();
    if (this.stream) this.stream.stop();
    if (this.grid) this.grid.destroy();
    if (this.plots) this.plots.destroy();
  }
}

function prophecyText(d) {
  return `prophecy ${d.seq}: ${d.converged ? 'converged' : 'did not converge'}, predicted b ${d.predictedB}, ${d.losses?.length ?? 0} foretold loss(es)`;
}
