// View 3 and 4: one simulation, its plots and grid from the trace, its events (timeline and
// markers, from the event log), its controls, and the live feed that keeps them current while it
// plays: the event stream, or the event log every few seconds while the stream cannot be had.
// The tick shown and the plots' zoom are kept in the address, so a shared link opens there.
import { getJson, ApiError, enc, can, download } from '../api.js';
import { h, clear, statusBadge, formatTime, focusHeading } from '../dom.js';
import { TraceModel, readTrace, readEventLog, takeRun } from '../trace.js';
import { Plots } from '../plots.js';
import { LiveFeed } from '../stream.js';
import { line } from '../events.js';
import { GridPanel } from './grid-panel.js';
import { Timeline } from './timeline.js';
import { controls, decreeForm, policyForm, InputLists, panel } from './simulation-panels.js';
import { gatePanel } from './gate-panel.js';
import { notesPanel, runAgainPanel, deletePanel } from './history-panels.js';

export function render(main, [id], { showNotice, navigate }) {
  document.title = 'Simulation · Causality console';
  const view = new SimulationView(main, id, showNotice, navigate);
  view.start();
  return { destroy: () => view.destroy(), suspend: () => view.suspend(), resume: () => view.resume() };
}

/** The address's tick and zoom: ?tick=412&from=300&to=500. */
function placeInUrl() {
  const query = new URLSearchParams(location.search);
  const number = (name) => (query.has(name) && query.get(name) !== '' ? Number(query.get(name)) : null);
  const tick = number('tick');
  const from = number('from');
  const to = number('to');
  return {
    tick: Number.isInteger(tick) ? tick : null,
    zoom: Number.isFinite(from) && Number.isFinite(to) && from < to ? { min: from, max: to } : null,
  };
}

class SimulationView {
  constructor(main, id, showNotice, navigate) {
    this.main = main;
    this.id = id;
    this.showNotice = showNotice;
    this.navigate = navigate;
    this.aborter = new AbortController();
    this.place = placeInUrl();
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
      [this.sim, this.canWrite] = await Promise.all([
        getJson(`/v1/simulations/${enc(this.id)}`, { signal: this.aborter.signal }),
        can('simulation:write')]);
    } catch (e) {
      clear(this.main, h('h1', {}, 'Simulation'), h('p', {}, 'This simulation cannot be shown.'));
      this.fail(e);
      return;
    }
    if (this.aborter.signal.aborted) return;
    this.layout();
    await this.load();
    if (this.aborter.signal.aborted) return;
    this.startFeed();
  }

  layout() {
    const s = this.sim;
    this.nameCell = h('dd', {}, s.label ?? '—');
    this.heading = h('h1', {}, heading(s));
    this.deletion = deletePanel(s, { canWrite: this.canWrite, navigate: this.navigate,
      showNotice: this.showNotice });
    this.statusCell = h('dd', {}, statusBadge(s.status));
    this.tickCell = h('dd', {}, tickText(s.state.tick));
    this.plotBox = h('div', {});
    this.gridBox = h('div', {});
    this.lists = new InputLists(this.id, (e) => this.fail(e));
    this.timeline = new Timeline((tick) => this.showTick(tick));
    this.controls = controls(this.id, s, { fail: (e) => this.fail(e), changed: () => this.changed(),
      canWrite: this.canWrite });
    const plots = section('plots', 'Plots over ticks', this.plotBox);
    const grid = section('grid', 'Grid', this.gridBox);
    const live = section('live', 'Live events',
      h('div', { className: 'row' }, this.liveState, this.followButton), this.log);
    clear(this.main,
      this.heading,
      h('div', { className: 'sim-layout' },
        h('div', {},
          section('summary', 'Summary',
            h('dl', { className: 'facts' }, h('dt', {}, 'Name'), this.nameCell,
              h('dt', {}, 'Id'), h('dd', {}, s.id),
              h('dt', {}, 'Scenario'), h('dd', {}, s.scenarioId ?? '(inline)'),
              h('dt', {}, 'Engine version'), h('dd', {}, s.engineVersion),
              h('dt', {}, 'Status'), this.statusCell, h('dt', {}, 'Tick'), this.tickCell,
              h('dt', {}, 'Created'), h('dd', {}, formatTime(s.createdAt)))),
          plots, this.timeline.element, live, this.lists.element),
        h('div', {},
          this.controls.element, grid,
          decreeForm(this.id, (e) => this.fail(e), () => this.lists.refresh(), this.canWrite),
          policyForm(this.id, () => this.model.agentIds, (e) => this.fail(e), this.canWrite),
          this.exports(),
          gatePanel(this.id, { fail: (e) => this.fail(e), canWrite: this.canWrite,
            signal: this.aborter.signal }),
          notesPanel(s, { canWrite: this.canWrite, saved: (view) => this.named(view) }),
          runAgainPanel(s, { canWrite: this.canWrite, navigate: this.navigate }),
          this.deletion.element)));
    // the heading focused while loading was replaced: focus its successor
    if (document.activeElement === document.body) focusHeading(this.main);
    this.lists.refresh();
  }

  /** Saving what the page shows: the server's CSVs; the PNGs are on each plot and the grid. */
  exports() {
    const out = h('p', { role: 'status' });
    const save = (path, name) => async () => {
      out.className = '';
      out.textContent = 'Preparing…';
      try {
        out.textContent = `Saved ${await download(path, 'text/csv', name, { signal: this.aborter.signal })}.`;
      } catch (e) {
        out.className = 'message error';
        out.textContent = e instanceof ApiError ? e.describe() : e.message;
      }
    };
    const base = `/v1/simulations/${enc(this.id)}`;
    return panel('Export',
      h('p', {}, 'The service writes the files; each plot and the grid also save as PNG.'),
      h('div', { className: 'row' },
        h('button', { type: 'button', onclick: save(`${base}/trace`, `simulation-${this.id}-trace.csv`) },
          'Save the trace as CSV'),
        h('button', { type: 'button', onclick: save(`${base}/event-log`, `simulation-${this.id}-events.csv`) },
          'Save the event log as CSV')),
      out);
  }

  newModel(model = new TraceModel()) {
    if (this.plots) this.plots.destroy();
    if (this.grid) this.grid.destroy();
    this.model = model;
    this.plots = new Plots(this.plotBox, this.model, { name: `simulation-${this.id}`,
      onZoom: (zoom) => this.keepPlace({ zoom }) });
    this.grid = new GridPanel(this.gridBox, this.model, this.id, (e) => this.fail(e),
      (tick) => this.keepPlace({ tick }));
  }

  /**
   * The trace (in a worker, or the one a create-and-run just streamed) and the event log, side
   * by side; a simulation without a tick shows its scenario's initial state.
   */
  async load() {
    const streamed = takeRun(this.id);
    const current = streamed && streamed.lastTick === this.sim.state.tick;
    this.newModel(current ? streamed : new TraceModel());
    const signal = this.aborter.signal;
    const series = current ? Promise.resolve()
      : this.sim.state.tick >= 0 ? readTrace(this.id, this.model, () => this.redraw(), signal)
        : getJson(`/v1/simulations/${enc(this.id)}/scenario`, { signal })
          .then((scenario) => this.model.setScenario(scenario));
    const events = readEventLog(this.id, null, (name, data, id) => this.addEvent(name, data, id), signal);
    const results = await Promise.allSettled([series, events]);
    for (const r of results) if (r.status === 'rejected') this.fail(r.reason);
    this.plots.complete();
    if (this.place.zoom) this.plots.zoomTo(this.place.zoom.min, this.place.zoom.max);
    if (this.place.tick !== null) this.showTick(this.place.tick);
    this.redraw();
  }

  redraw() {
    this.plots.update();
    this.grid.update();
    const tick = Math.max(this.model.lastTick, this.sim.state.tick);
    this.tickCell.textContent = tickText(tick);
  }

  /** A tick chosen in the timeline or by a shared link: the grid shows it, the plots point at it. */
  showTick(tick) {
    this.grid.showTick(tick);
    this.plots.pointAt(tick);
    this.timeline.select(tick, false);
    this.keepPlace({ tick });
  }

  /** Keeps the tick shown and the zoom in the address (replacing it: no history entry each). */
  keepPlace(change) {
    Object.assign(this.place, change);
    const query = new URLSearchParams();
    if (this.place.tick !== null && this.place.tick !== undefined) query.set('tick', this.place.tick);
    if (this.place.zoom) {
      query.set('from', Math.round(this.place.zoom.min));
      query.set('to', Math.round(this.place.zoom.max));
    }
    const path = `/console/simulations/${this.id}${query.size ? `?${query}` : ''}`;
    if (`${location.pathname}${location.search}` !== path) history.replaceState(null, '', path);
  }

  startFeed() {
    this.feed = new LiveFeed(this.id, {
      onEvent: (name, data, id) => this.onEvent(name, data, id),
      onState: (state) => this.feedState(state),
      position: () => this.model.position,
    });
    this.feed.start();
  }

  /** How the page follows the simulation, in words, and at the top while live view is off. */
  feedState({ mode, text }) {
    this.liveState.textContent = text;
    this.followButton.textContent = this.feed.running ? 'Stop following' : 'Follow live';
    if (mode === 'polling') {
      this.noticeShown = true;
      this.showNotice(text);
    } else if (this.noticeShown && mode === 'following') {
      this.noticeShown = false;
      this.showNotice('');
    }
  }

  toggleFollow() {
    if (this.feed.running) this.feed.stop();
    else this.feed.start();
  }

  /** After a step, play or pause from this page: while not on the stream, look at once. */
  changed() {
    if (!this.feed) return;
    if (this.feed.mode === 'polling') this.feed.nudge();
    else if (this.feed.mode !== 'following') {
      this.feed.readLog(this.aborter.signal).catch((e) => this.fail(e));
    }
  }

  onEvent(name, data, id) {
    if (name === 'heartbeat') return;
    if (name === 'error') {
      this.logLine(`${id ?? ''} error ${data?.code}: ${data?.message}`);
      return;
    }
    if (name === 'tick') {
      this.model.addTickEvent(data);
      this.liveState.textContent = `${this.feed.mode === 'following' ? 'Following live events'
        : 'Checking the simulation'} · last event ${id} · tick ${this.model.lastTick}`;
    } else {
      if (name === 'decree' || name === 'policy' || name === 'prophecy') this.lists.refreshSoon();
      if (this.addEvent(name, data, id)) this.logLine(`${id} ${line(name, data, id)}`);
    }
    this.redraw();
  }

  addEvent(name, data, id) {
    const entry = this.model.addEvent(name, data, id);
    if (entry) this.timeline.add(entry);
    if (name === 'simulation:status') this.setStatus(data.status);
    return entry;
  }

  setStatus(status) {
    this.sim.status = status;
    this.statusCell.replaceChildren(statusBadge(status));
    this.controls.setStatus(status);
    this.deletion.setStatus(status);
  }

  /** A new name or note was saved. */
  named(view) {
    this.sim.label = view.label;
    this.sim.note = view.note;
    this.nameCell.textContent = view.label ?? '—';
    this.heading.textContent = heading(view);
  }

  logLine(text) {
    this.log.prepend(h('li', {}, text));
    while (this.log.children.length > 50) this.log.lastChild.remove();
  }

  /** The page goes into the back-forward cache (pagehide): no stream holds a slot meanwhile. */
  suspend() {
    this.wasFollowing = this.feed?.running ?? false;
    this.feed?.stop('Not following live events while the page is away.');
  }

  /** Back from the cache: follow again from where the page's data ends. */
  resume() {
    if (this.wasFollowing) this.feed.start();
  }

  destroy() {
    this.aborter.abort();
    if (this.feed) this.feed.stop();
    if (this.noticeShown) this.showNotice('');
    if (this.grid) this.grid.destroy();
    if (this.plots) this.plots.destroy();
  }
}

function section(order, title, ...children) {
  const id = `${order}-h`;
  return h('section', { className: 'panel', 'aria-labelledby': id, 'data-order': order },
    h('h2', { id }, title), children);
}

function heading(s) {
  const of = `Simulation of ${s.scenarioId ?? 'an inline scenario'}`;
  return s.label ? `${s.label} · ${of}` : of;
}

function tickText(tick) {
  return tick >= 0 ? String(tick) : 'none yet';
}
