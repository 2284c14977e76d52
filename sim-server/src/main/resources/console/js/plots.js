// The plots over ticks (uPlot from its webjar): b with the stability threshold, agents by
// status, mean gamma; markers for warnings, losses, paradoxes, decrees, policy changes and
// prophecies, whose details show when the cursor is on their tick. A zoom (drag over a plot) holds
// while ticks arrive, on all three plots, until "Reset zoom"; each plot saves as a PNG.
import uPlot from '/console/vendor/uplot/uPlot.esm.js';
import { h, clear } from './dom.js';
import { palette, onSchemeChange } from './palette.js';
import { saveBlob } from './api.js';

const MARKER_KINDS = ['warning', 'loss', 'paradox', 'decree', 'policy', 'prophecy'];
const PLURAL = { warning: 'warnings', loss: 'losses', paradox: 'paradoxes', decree: 'decrees',
  policy: 'policy changes', prophecy: 'prophecies' };
const HEIGHT = 150;

/** The three plots: title, file name, and the series (label, palette colour, dash). */
const CHARTS = [
  { title: 'Stability b', file: 'b', series: [['b', 'series-b'], ['stability threshold', 'threshold', [6, 4]]] },
  { title: 'Agents by status', file: 'agents', series: [['held', 'held'], ['straying', 'straying'],
    ['free', 'free'], ['lost', 'lost'], ['removed', 'removed']] },
  { title: 'Mean gamma of live agents', file: 'gamma', series: [['mean gamma', 'gamma']] },
];

export class Plots {
  /** options: {name (for files), onZoom(range|null), exportable} */
  constructor(container, model, options = {}) {
    this.model = model;
    this.options = options;
    this.zoom = null;
    this.details = h('p', { className: 'marker-details', 'aria-live': 'polite' },
      'Move over a plot to see the events of a tick; drag across one to zoom.');
    this.summary = h('p', { className: 'plot-summary' });
    this.markerSummary = h('p', { className: 'marker-summary' });
    this.zoomText = h('span', { role: 'status' });
    this.resetButton = h('button', { type: 'button', hidden: true, onclick: () => this.resetZoom() },
      'Reset zoom');
    const holders = CHARTS.map(() => h('div', { className: 'plot' }));
    clear(container, this.summary, legendOfMarkers(), this.markerSummary,
      h('div', { className: 'row' }, this.zoomText, this.resetButton), holders, this.details);
    this.container = container;
    this.holders = holders;
    this.sync = uPlot.sync(`sim-${Math.random()}`);
    this.build();
    this.observer = new ResizeObserver(() => this.resize());
    this.observer.observe(container);
    this.stopScheme = onSchemeChange(() => this.rebuild());
    this.pending = false;
  }

  build() {
    const width = this.width();
    this.charts = CHARTS.map((spec, i) => this.chart(spec, width, this.holders[i]));
  }

  /** The colours changed (light or dark): the charts are made again in the new palette. */
  rebuild() {
    for (const c of this.charts) c.destroy();
    for (const holder of this.holders) holder.replaceChildren();
    this.build();
    this.update();
  }

  width() {
    return Math.max(240, this.container.clientWidth - 8);
  }

  chart(spec, width, holder) {
    const colours = palette();
    const title = h('h3', { className: 'plot-title' }, spec.title);
    const save = this.options.exportable === false ? null
      : h('button', { type: 'button', onclick: () => this.savePng(spec) }, `Save "${spec.title}" as PNG`);
    holder.append(h('div', { className: 'row' }, title, save));
    const axis = { stroke: colours.muted, grid: { stroke: colours.line, width: 1 },
      ticks: { stroke: colours.line } };
    const chart = new uPlot({
      width, height: HEIGHT,
      cursor: { sync: { key: this.sync.key }, drag: { x: true, y: false, setScale: false } },
      hooks: {
        draw: [(u) => this.drawMarkers(u)],
        setCursor: [(u) => this.showDetails(u)],
        // a person's drag across the plot; the scales the page sets itself never come here
        setSelect: [(u) => this.selected(u)],
      },
      scales: { x: { time: false } },
      axes: [{ ...axis, size: 30 }, { ...axis, size: 50 }],
      series: [{ label: 'tick' }, ...spec.series.map(([label, colour, dash]) =>
        ({ label, stroke: colours[colour], width: 1.5, dash, points: { show: false } }))],
    }, [[], ...spec.series.map(() => [])], holder);
    chart.spec = spec;
    chart.over.addEventListener('dblclick', () => this.resetZoom());
    return chart;
  }

  /** Redraws at the next frame, however many times it is asked before. */
  update() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      if (this.destroyed) return; // a drawing asked for just before the plots went away
      this.draw();
    });
  }

  draw() {
    const m = this.model;
    const data = [
      [m.ticks, m.b, m.threshold],
      [m.ticks, m.counts.held, m.counts.straying, m.counts.free, m.counts.lost, m.counts.removed],
      [m.ticks, m.gamma],
    ];
    this.charts.forEach((c, i) => {
      c.setData(data[i], !this.zoom);
      if (this.zoom) c.setScale('x', this.zoom);
    });
    // For docs/performance.md: when the plots first show data, and when they show all of it.
    if (m.ticks.length && !this.firstShown) {
      this.firstShown = true;
      performance.mark('console:first-plot');
    }
    if (this.completeAsked) {
      this.completeAsked = false;
      performance.mark('console:plots-complete');
    }
    this.summary.textContent = m.ticks.length
      ? `${m.ticks.length} ticks plotted, from ${m.ticks[0]} to ${m.lastTick}.`
      : 'No tick computed yet.';
    const counts = m.markerCounts();
    const marked = MARKER_KINDS.filter((k) => counts[k]).map((k) => `${counts[k]} ${counts[k] === 1 ? k : PLURAL[k]}`);
    this.markerSummary.textContent = marked.length ? `Marked: ${marked.join(', ')}.` : 'No event marked yet.';
    this.zoomText.textContent = this.zoom
      ? `Zoomed to ticks ${Math.round(this.zoom.min)}–${Math.round(this.zoom.max)}.` : '';
    this.resetButton.hidden = !this.zoom;
  }

  /** The trace is read: draws it all now, the drawing marked as the complete one. */
  complete() {
    if (this.destroyed) return;
    this.completeAsked = true;
    this.draw();
  }

  /** A person zoomed one plot by a drag: the others follow, and the zoom holds while ticks arrive. */
  selected(u) {
    if (u.select.width < 2) return;
    const min = u.posToVal(u.select.left, 'x');
    const max = u.posToVal(u.select.left + u.select.width, 'x');
    u.setSelect({ left: 0, width: 0, top: 0, height: 0 }, false);
    this.setZoom({ min, max });
  }

  setZoom(zoom) {
    const full = this.model.ticks.length
      && zoom && zoom.min <= this.model.ticks[0] && zoom.max >= this.model.lastTick;
    this.zoom = full ? null : zoom;
    for (const c of this.charts) if (this.zoom) c.setScale('x', this.zoom);
    this.options.onZoom?.(this.zoom);
    this.update();
  }

  /** Zooms to [min, max] (a shared link's zoom), or around a tick (the timeline's click). */
  zoomTo(min, max) {
    this.setZoom({ min, max });
  }

  resetZoom() {
    this.zoom = null;
    this.options.onZoom?.(null);
    this.update();
  }

  /** Shows the cursor at a tick, with its details, as if the mouse were there. */
  pointAt(tick) {
    const idx = this.model.ticks.indexOf(tick);
    if (idx < 0) return;
    const c = this.charts[0];
    const left = c.valToPos(tick, 'x');
    if (left < 0 || left > c.bbox.width / devicePixelRatio) {
      const span = this.zoom ? this.zoom.max - this.zoom.min : 100;
      this.zoomTo(Math.max(this.model.ticks[0], tick - span / 2), tick + span / 2);
    }
    c.setCursor({ left: c.valToPos(tick, 'x'), top: 10 });
  }

  drawMarkers(u) {
    const colours = palette();
    const ctx = u.ctx;
    const [min, max] = [u.scales.x.min, u.scales.x.max];
    ctx.save();
    ctx.lineWidth = 1;
    for (const [tick, list] of this.model.markers) {
      if (tick < min || tick > max) continue;
      const x = Math.round(u.valToPos(tick, 'x', true)) + 0.5;
      ctx.strokeStyle = colours[list[0].kind] ?? colours.muted;
      ctx.beginPath();
      ctx.moveTo(x, u.bbox.top);
      ctx.lineTo(x, u.bbox.top + u.bbox.height);
      ctx.stroke();
    }
    ctx.restore();
  }

  showDetails(u) {
    const idx = u.cursor.idx;
    if (idx === null || idx === undefined) return;
    const tick = this.model.ticks[idx];
    const near = [];
    for (let t = tick - 1; t <= tick + 1; t++) {
      for (const m of this.model.markers.get(t) ?? []) near.push(`tick ${t}: ${m.text}`);
    }
    const values = `tick ${tick}: b ${this.model.b[idx]}, mean gamma ${fmt(this.model.gamma[idx])}`;
    this.details.textContent = near.length ? `${values}. ${near.join(' · ')}` : values;
  }

  /** One plot as a PNG: its title, the chart as drawn (markers and zoom included), its legend. */
  savePng(spec) {
    const chart = this.charts.find((c) => c.spec === spec);
    const legend = spec.series.map(([label]) => label).join(' · ');
    const name = `${this.options.name ?? 'plot'}-${spec.file}.png`;
    pngOf(chart.ctx.canvas, spec.title, legend).then((blob) => saveBlob(blob, name));
  }

  resize() {
    const width = this.width();
    let resized = false;
    for (const c of this.charts) {
      if (Math.abs(c.width - width) > 4) {
        c.setSize({ width, height: HEIGHT });
        resized = true;
      }
    }
    if (resized && this.zoom) this.update(); // the zoom holds through a new size
  }

  destroy() {
    this.destroyed = true;
    this.observer.disconnect();
    this.stopScheme();
    for (const c of this.charts) c.destroy();
  }
}

/**
 * A canvas as a PNG with a title above and a caption below, on the panel's colour (a chart's own
 * canvas is transparent): a file that says what it shows.
 */
export function pngOf(canvas, title, caption) {
  const colours = palette();
  const ratio = window.devicePixelRatio || 1;
  const pad = Math.round(8 * ratio);
  const line = Math.round(18 * ratio);
  const out = document.createElement('canvas');
  out.width = canvas.width + 2 * pad;
  out.height = canvas.height + 2 * line + 2 * pad;
  const ctx = out.getContext('2d');
  ctx.fillStyle = colours.panel;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = colours.fg;
  ctx.font = `600 ${Math.round(14 * ratio)}px system-ui, sans-serif`;
  ctx.fillText(title, pad, pad + line * 0.75);
  ctx.drawImage(canvas, pad, pad + line);
  ctx.font = `${Math.round(12 * ratio)}px system-ui, sans-serif`;
  ctx.fillStyle = colours.muted;
  ctx.fillText(caption, pad, pad + line + canvas.height + line * 0.75);
  return new Promise((resolve) => out.toBlob(resolve, 'image/png'));
}

function fmt(n) {
  return n === null || n === undefined ? '–' : n.toFixed(4);
}

function legendOfMarkers() {
  return h('ul', { className: 'legend', 'aria-label': 'Event markers' },
    MARKER_KINDS.map((kind) => h('li', { className: `marker-${kind}` }, `│ ${kind}`)));
}
