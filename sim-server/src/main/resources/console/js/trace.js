// A simulation's history as the console keeps it: per-tick aggregates for the plots (b, agent
// counts by status, mean gamma), event markers, and compact agent positions for the grid on a
// bounded budget. Agent snapshots themselves are dropped as soon as they are counted, so memory
// stays bounded however long the trace.
import { send, enc } from './api.js';
import { STATUSES } from './grid.js';

/** Agent positions kept for the grid, over all ticks: 9 bytes each, about 18 MB at most. */
const POSITION_BUDGET = 2_000_000;
const COUNTED = ['held', 'straying', 'free', 'lost', 'removed'];

export class TraceModel {
  constructor(expectedTicks = 0) {
    this.expectedTicks = expectedTicks;
    this.ticks = [];
    this.b = [];
    this.threshold = [];
    this.counts = Object.fromEntries(COUNTED.map((s) => [s, []]));
    this.gamma = [];
    this.markers = new Map();
    this.frames = [];
    this.grid = { width: 100, height: 100 };
    this.stabilityThreshold = null;
    this.stride = 1;
    this.agentIds = [];
  }

  get lastTick() {
    return this.ticks.length ? this.ticks[this.ticks.length - 1] : -1;
  }

  setMetadata(metadata) {
    this.metadata = metadata;
    this.stabilityThreshold = metadata.rules?.stabilityThreshold ?? null;
    const agents = metadata.agents ?? 1;
    this.stride = Math.max(1, Math.ceil((this.expectedTicks * agents) / POSITION_BUDGET));
  }

  setInitial(initial) {
    this.grid = initial.state.grid;
    this.agentIds = initial.agents.map((a) => a.id);
    this.latest = this.frame(-1, initial.state.attractors, initial.agents);
    this.frames.push(this.latest);
  }

  /** One trace step, or an SSE tick normalized to one. */
  addStep(step) {
    if (step.tick <= this.lastTick) return;
    const { state } = step;
    this.ticks.push(step.tick);
    this.b.push(state.b);
    this.threshold.push(this.stabilityThreshold);
    for (const s of COUNTED) this.counts[s].push(state.agents[s]);
    this.gamma.push(meanGamma(step.agents));
    if (step.warning) this.mark(step.tick, 'warning', warningText(step.warning));
    if (step.loss) this.mark(step.tick, 'loss', `loss of ${step.loss.count ?? 1} agent(s), first ${step.loss.agent}`);
    if (step.move && step.move !== 'drift') this.mark(step.tick, 'decree', `applied: ${step.move}`);
    this.latest = this.frame(step.tick, state.attractors, step.agents);
    if (step.tick % this.stride === 0) this.frames.push(this.latest);
  }

  addTickEvent(data) {
    this.addStep({ tick: data.t, move: data.lastMove, state: data.state, agents: data.agents });
  }

  mark(tick, kind, text) {
    const list = this.markers.get(tick) ?? [];
    list.push({ kind, text });
    this.markers.set(tick, list);
  }

  frame(tick, attractors, agents) {
    const n = agents.length;
    const frame = { tick, attractors, xs: new Float32Array(n), ys: new Float32Array(n),
      statuses: new Uint8Array(n) };
    agents.forEach((a, i) => {
      frame.xs[i] = a.state.x;
      frame.ys[i] = a.state.y;
      frame.statuses[i] = Math.max(0, STATUSES.indexOf(a.state.status));
    });
    return frame;
  }

  /** The frame kept at or before tick. */
  frameAt(tick) {
    if (this.latest && tick >= this.latest.tick) return this.latest;
    let lo = 0;
    let hi = this.frames.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.frames[mid].tick <= tick) lo = mid; else hi = mid - 1;
    }
    return this.frames[lo];
  }
}

function meanGamma(agents) {
  let sum = 0;
  let n = 0;
  for (const a of agents) {
    if (a.state.status !== 'lost' && a.state.status !== 'removed') {
      sum += a.policy.gamma;
      n++;
    }
  }
  return n ? sum / n : null;
}

function warningText(w) {
  return `warning (${(w.kinds ?? []).join(', ')}): b ${w.b} against threshold ${w.threshold}`;
}

export function frameAgents(frame) {
  return { length: frame.xs.length, x: (i) => frame.xs[i], y: (i) => frame.ys[i],
    status: (i) => frame.statuses[i] };
}

/**
 * Reads the trace as NDJSON, line by line as it arrives, into model; onProgress is called at
 * most every 100 ms so that the plots redraw progressively and the page stays responsive.
 */
export async function readTrace(simulationId, model, onProgress, signal) {
  const response = await send('GET', `/v1/simulations/${enc(simulationId)}/trace`,
    { accept: 'application/x-ndjson', signal });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let last = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const end = buffer.lastIndexOf('\n');
    if (end < 0) continue;
    for (const line of buffer.slice(0, end).split('\n')) if (line) take(model, JSON.parse(line));
    buffer = buffer.slice(end + 1);
    if (performance.now() - last > 100) {
      last = performance.now();
      onProgress(false);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  if (buffer.trim()) take(model, JSON.parse(buffer));
  onProgress(true);
}

function take(model, line) {
  if (line.metadata) model.setMetadata(line.metadata);
  else if (line.initialState) model.setInitial(line.initialState);
  else model.addStep(line);
}
