// The grid with a tick slider and replay; follows the newest tick while the slider is at its end.
// Other ticks are asked of the service as a range of the trace (readSteps), so the page keeps
// the agents of no tick it does not show.
import { h, clear, field } from '../dom.js';
import { drawGrid, SHAPE_NAMES } from '../grid.js';
import { frameAgents, frameOf, readSteps } from '../trace.js';
import { onSchemeChange } from '../palette.js';
import { pngOf } from '../plots.js';
import { saveBlob } from '../api.js';

/** Frames kept for a slider moved back and forth: a few, however long the trace. */
const CACHED = 32;

export class GridPanel {
  /** onShown(tick|null): the tick the person chose to look at (null: following the newest). */
  constructor(container, model, simulationId, fail, onShown = () => {}) {
    this.model = model;
    this.simulationId = simulationId;
    this.fail = fail;
    this.onShown = onShown;
    this.cache = new Map();
    this.aborter = new AbortController();
    this.canvas = h('canvas', { id: 'grid-canvas', width: 400, height: 400, role: 'img',
      'aria-label': 'The grid' });
    this.slider = h('input', { type: 'range', min: -1, max: -1, step: 1, value: -1, name: 'tick' });
    this.shown = h('output', { 'aria-live': 'off' }, 'tick –');
    this.replayButton = h('button', { type: 'button', onclick: () => this.toggleReplay() }, 'Replay');
    this.saveButton = h('button', { type: 'button', onclick: () => this.savePng() }, 'Save the grid as PNG');
    this.following = true;
    this.slider.addEventListener('input', () => {
      this.following = Number(this.slider.value) >= Number(this.slider.max);
      this.onShown(this.following ? null : Number(this.slider.value));
      this.draw();
    });
    this.stopScheme = onSchemeChange(() => this.draw());
    clear(container, this.canvas,
      h('ul', { className: 'legend', 'aria-label': 'Legend' },
        Object.entries(SHAPE_NAMES).map(([status, shape]) =>
          h('li', { className: status }, `${symbol(shape)} ${status} (${shape})`)),
        h('li', { className: 'attractor' }, '✚ attractor, dashed circle: its basin')),
      h('div', { className: 'row' }, field('Tick shown', this.slider), this.shown, this.replayButton,
        this.saveButton));
  }

  /** Shows a tick (the timeline's click, a shared link): -1 is the initial state. */
  showTick(tick) {
    if (!this.model.initial) {
      this.wantedTick = tick;
      return;
    }
    this.stopReplay();
    const last = this.model.lastTick;
    const shown = Math.max(-1, Math.min(tick, last));
    this.slider.max = last;
    this.slider.value = shown;
    this.following = shown >= last;
    this.draw();
  }

  /** The picture as shown, with its tick and legend, as a PNG. */
  savePng() {
    const legend = Object.entries(SHAPE_NAMES).map(([status, shape]) => `${symbol(shape)} ${status}`)
      .join('  ') + '  ✚ attractor';
    pngOf(this.canvas, `Grid at ${this.shown.textContent}`, legend)
      .then((blob) => saveBlob(blob, `simulation-${this.simulationId}-grid.png`));
  }

  update() {
    const m = this.model;
    if (!m.initial) return;
    if (this.wantedTick !== undefined) {
      const wanted = this.wantedTick;
      this.wantedTick = undefined;
      this.showTick(wanted);
      return;
    }
    this.slider.max = m.lastTick;
    if (!this.following) return; // the tick shown stays as it is
    this.slider.value = m.lastTick;
    this.draw();
  }

  /** Draws the slider's tick: at hand (initial, newest, cached) or asked of the service. */
  draw() {
    if (!this.model.initial) return;
    const tick = Number(this.slider.value);
    const frame = this.frameAtHand(tick);
    if (frame) this.show(frame);
    else this.fetchTick(tick);
  }

  frameAtHand(tick) {
    if (tick < 0) return this.model.initial;
    if (tick >= this.model.lastTick) return this.model.latestFrame;
    return this.cache.get(tick);
  }

  /** One tick from the service; while one is on its way, only the latest slider value waits. */
  async fetchTick(tick) {
    this.wanted = tick;
    if (this.fetching) return;
    this.fetching = true;
    try {
      while (this.wanted !== undefined) {
        const next = this.wanted;
        this.wanted = undefined;
        await readSteps(this.simulationId, next, next, (step) => this.keep(step), this.aborter.signal);
        if (Number(this.slider.value) === next && this.cache.has(next)) this.show(this.cache.get(next));
      }
    } catch (e) {
      this.fail(e);
    } finally {
      this.fetching = false;
    }
  }

  keep(step) {
    const frame = frameOf(step.tick, step.state.attractors, step.agents);
    this.cache.set(step.tick, frame);
    if (this.cache.size > CACHED) this.cache.delete(this.cache.keys().next().value);
    return frame;
  }

  show(frame) {
    this.shown.textContent = frame.tick < 0 ? 'initial state' : `tick ${frame.tick}`;
    this.canvas.setAttribute('aria-label', `The grid at ${this.shown.textContent}: `
      + `${frame.attractors.length} attractors, ${frame.xs.length} agents`);
    this.lastShown = frame;
    drawGrid(this.canvas, this.model.grid, frame.attractors, frameAgents(frame));
  }

  toggleReplay() {
    if (this.replaying) {
      this.stopReplay();
      return;
    }
    this.replayButton.textContent = 'Stop replay';
    this.following = false;
    const replaying = new AbortController();
    this.replaying = replaying;
    this.replay(replaying.signal).catch((e) => this.fail(e)).finally(() => {
      if (this.replaying === replaying) this.stopReplay();
    });
  }

  /**
   * Plays the history back from one streamed range of the trace (the initial state to the newest
   * tick), drawing about 300 frames 50 ms apart; the reading waits for the drawing, so at most one
   * step is held at a time.
   */
  async replay(signal) {
    const last = this.model.lastTick;
    const stepSize = Math.max(1, Math.ceil(last / 300));
    this.slider.value = -1;
    this.show(this.model.initial);
    const both = anyOf(signal, this.aborter.signal);
    await readSteps(this.simulationId, 0, last, async (step) => {
      if (step.tick % stepSize !== 0 && step.tick !== last) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (signal.aborted) return;
      this.slider.value = step.tick;
      this.show(this.keep(step));
    }, both);
  }

  stopReplay() {
    if (this.replaying) this.replaying.abort();
    this.replaying = null;
    this.replayButton.textContent = 'Replay';
    this.following = Number(this.slider.value) >= Number(this.slider.max);
  }

  destroy() {
    this.aborter.abort();
    this.stopScheme();
    if (this.replaying) this.replaying.abort();
  }
}

function anyOf(...signals) {
  const controller = new AbortController();
  for (const s of signals) s.addEventListener('abort', () => controller.abort(), { once: true });
  return controller.signal;
}

function symbol(shape) {
  return { circle: '●', triangle: '▲', square: '■', cross: '✕', ring: '○' }[shape];
}
