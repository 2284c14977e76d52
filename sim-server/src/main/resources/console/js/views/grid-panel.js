// The grid with a tick slider and replay; follows the newest tick while the slider is at its end.
import { h, clear, field } from '../dom.js';
import { drawGrid, SHAPE_NAMES } from '../grid.js';
import { frameAgents } from '../trace.js';

export class GridPanel {
  constructor(container, model) {
    this.model = model;
    this.canvas = h('canvas', { id: 'grid-canvas', width: 400, height: 400, role: 'img',
      'aria-label': 'The grid' });
    this.slider = h('input', { type: 'range', min: -1, max: -1, step: 1, value: -1, name: 'tick' });
    this.shown = h('output', { 'aria-live': 'off' }, 'tick –');
    this.replayButton = h('button', { type: 'button', onclick: () => this.toggleReplay() }, 'Replay');
    this.following = true;
    this.slider.addEventListener('input', () => {
      this.following = Number(this.slider.value) >= Number(this.slider.max);
      this.draw();
    });
    clear(container, this.canvas,
      h('ul', { className: 'legend', 'aria-label': 'Legend' },
        Object.entries(SHAPE_NAMES).map(([status, shape]) =>
          h('li', { className: status }, `${symbol(shape)} ${status} (${shape})`)),
        h('li', { className: 'attractor' }, '✚ attractor, dashed circle: its basin')),
      h('div', { className: 'row' }, field('Tick shown', this.slider), this.shown, this.replayButton));
  }

  update() {
    const m = this.model;
    if (!m.frames.length) return;
    this.slider.min = m.frames[0].tick;
    this.slider.max = m.lastTick;
    this.slider.step = m.stride;
    if (this.following) this.slider.value = m.lastTick;
    this.draw();
  }

  draw() {
    if (!this.model.frames.length) return;
    const frame = this.model.frameAt(Number(this.slider.value));
    this.shown.textContent = frame.tick < 0 ? 'initial state' : `tick ${frame.tick}`;
    this.canvas.setAttribute('aria-label', `The grid at ${this.shown.textContent}: `
      + `${frame.attractors.length} attractors, ${frame.xs.length} agents`);
    drawGrid(this.canvas, this.model.grid, frame.attractors, frameAgents(frame));
  }

  toggleReplay() {
    if (this.timer) {
      this.stopReplay();
      return;
    }
    this.replayButton.textContent = 'Stop replay';
    this.following = false;
    this.slider.value = this.slider.min;
    const stepSize = Math.max(this.model.stride, Math.ceil(this.model.lastTick / 300));
    this.timer = setInterval(() => {
      const next = Number(this.slider.value) + stepSize;
      this.slider.value = next;
      this.draw();
      if (next >= Number(this.slider.max)) this.stopReplay();
    }, 50);
  }

  stopReplay() {
    clearInterval(this.timer);
    this.timer = null;
    this.replayButton.textContent = 'Replay';
    this.following = Number(this.slider.value) >= Number(this.slider.max);
  }

  destroy() {
    if (this.timer) clearInterval(this.timer);
  }
}

function symbol(shape) {
  return { circle: '●', triangle: '▲', square: '■', cross: '✕', ring: '○' }[shape];
}
