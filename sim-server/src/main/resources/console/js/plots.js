// The plots over ticks (uPlot from its webjar): b with the stability threshold, agents by
// status, mean gamma; markers for warnings, losses, paradoxes, decrees and prophecies, whose
// details show when the cursor is on their tick.
import uPlot from '/console/vendor/uplot/uPlot.esm.js';
import { h, clear } from './dom.js';

const MARKER_COLOURS = { warning: '#c26a00', loss: '#b3261e', paradox: '#7a1fa2',
  decree: '#1f5fbf', prophecy: '#5a6272', policy: '#1f8f8f' };

export class Plots {
  constructor(container, model) {
    this.model = model;
    this.details = h('p', { className: 'marker-details', 'aria-live': 'polite' },
      'Move over a plot to see the events of a tick.');
    this.summary = h('p', { className: 'plot-summary' });
    const holders = [0, 1, 2].map(() => h('div', { className: 'plot' }));
    clear(container, this.summary, legendOfMarkers(), holders, this.details);
    const width = Math.max(300, container.clientWidth - 8);
    const sync = uPlot.sync(`sim-${Math.random()}`);
    const hooks = this.hooks(sync);
    this.charts = [
      chart('Stability b', width, [series('b', '#1d2330'),
        series('stability threshold', '#b3261e', [6, 4])], hooks, holders[0]),
      chart('Agents by status', width, [series('held', '#1b7f3b'), series('straying', '#c26a00'),
        series('free', '#1f5fbf'), series('lost', '#b3261e'), series('removed', '#6b6b6b')],
      hooks, holders[1]),
      chart('Mean gamma of live agents', width, [series('mean gamma', '#7a4fb5')], hooks, holders[2]),
    ];
    this.observer = new ResizeObserver(() => this.resize(container));
    this.observer.observe(container);
    this.pending = false;
  }

  hooks(sync) {
    return {
      cursor: { sync: { key: sync.key } },
      hooks: {
        draw: [(u) => this.drawMarkers(u)],
        setCursor: [(u) => this.showDetails(u)],
      },
    };
  }

  /** Redraws at the next frame, however many times it is asked before. */
  update() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      if (this.destroyed) return; // a drawing asked for just before the plots went away
      const m = this.model;
      const data = [
        [m.ticks, m.b, m.threshold],
        [m.ticks, m.counts.held, m.counts.straying, m.counts.free, m.counts.lost, m.counts.removed],
        [m.ticks, m.gamma],
      ];
      this.charts.forEach((c, i) => c.setData(data[i]));
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
    });
  }

  /** The trace is read: mark the next drawing as the complete one. */
  complete() {
    this.completeAsked = true;
    this.update();
  }

  drawMarkers(u) {
    const ctx = u.ctx;
    const [min, max] = [u.scales.x.min, u.scales.x.max];
    ctx.save();
    ctx.lineWidth = 1;
    for (const [tick, list] of this.model.markers) {
      if (tick < min || tick > max) continue;
      const x = Math.round(u.valToPos(tick, 'x', true)) + 0.5;
      ctx.strokeStyle = MARKER_COLOURS[list[0].kind] ?? '#999';
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
      for (const m of this.model.markers.get(t) ?? []) near.push(`tick ${t}: ${m.kind}: ${m.text}`);
    }
    const values = `tick ${tick}: b ${this.model.b[idx]}, mean gamma ${fmt(this.model.gamma[idx])}`;
    this.details.textContent = near.length ? `${values}. ${near.join(' · ')}` : values;
  }

  resize(container) {
    const width = Math.max(300, container.clientWidth - 8);
    for (const c of this.charts) if (Math.abs(c.width - width) > 4) c.setSize({ width, height: 150 });
  }

  destroy() {
    this.destroyed = true;
    this.observer.disconnect();
    for (const c of this.charts) c.destroy();
  }
}

function fmt(n) {
  return n === null || n === undefined ? '–' : n.toFixed(4);
}

function series(label, stroke, dash) {
  return { label, stroke, width: 1.5, dash, points: { show: false } };
}

function chart(title, width, lines, hooks, holder) {
  holder.append(h('h3', { className: 'plot-title' }, title));
  return new uPlot({
    width, height: 150, ...hooks,
    scales: { x: { time: false } },
    axes: [{ size: 30 }, { size: 50 }],
    series: [{ label: 'tick' }, ...lines],
  }, [[], ...lines.map(() => [])], holder);
}

function legendOfMarkers() {
  return h('ul', { className: 'legend', 'aria-label': 'Event markers' },
    Object.keys(MARKER_COLOURS).map((kind) =>
      h('li', { className: `marker-${kind}` }, `│ ${kind}`)));
}
