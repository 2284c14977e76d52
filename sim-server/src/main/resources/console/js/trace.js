// A simulation's history as the console keeps it: per-tick aggregates for the plots (b, agent
// counts by status, mean gamma), event markers, and the agents of two ticks only (the initial
// state and the newest tick). Agent snapshots are dropped as soon as they are counted, so memory
// stays bounded however long the trace; the grid asks the service for the ticks it shows
// (a fromTick/toTick range of the trace: readSteps, and views/grid-panel.js).
import { send, enc } from './api.js';
import { STATUSES } from './grid.js';

const COUNTED = ['held', 'straying', 'free', 'lost', 'removed'];

export class TraceModel {
  constructor() {
    this.ticks = [];
    this.b = [];
    this.threshold = [];
    this.counts = Object.fromEntries(COUNTED.map((s) => [s, []]));
    this.gamma = [];
    this.markers = new Map();
    this.initial = null;
    this.latest = null;
    this.grid = { width: 100, height: 100 };
    this.stabilityThreshold = null;
    this.agentIds = [];
  }

  get lastTick() {
    return this.ticks.length ? this.ticks[this.ticks.length - 1] : -1;
  }

  setMetadata(metadata) {
    this.metadata = metadata;
    this.stabilityThreshold = metadata.rules?.stabilityThreshold ?? null;
  }

  setInitial(initial) {
    this.grid = initial.state.grid;
    this.agentIds = initial.agents.map((a) => a.id);
    this.initial = frameOf(-1, initial.state.attractors, initial.agents);
    this.latest = this.initial;
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
    this.latestStep = step;
  }

  /** The newest tick's frame, made when the grid asks for it rather than for every step. */
  get latestFrame() {
    const step = this.latestStep;
    if (!step) return this.initial;
    if (this.latest?.tick !== step.tick) this.latest = frameOf(step.tick, step.state.attractors, step.agents);
    return this.latest;
  }

  addTickEvent(data) {
    this.addStep({ tick: data.t, move: data.lastMove, state: data.state, agents: data.agents });
  }

  mark(tick, kind, text) {
    const list = this.markers.get(tick) ?? [];
    list.push({ kind, text });
    this.markers.set(tick, list);
  }
}

/** The grid's picture of one tick: the attractors and the agents' positions and statuses. */
export function frameOf(tick, attractors, agents) {
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
  await readLines(response, (line) => take(model, line), onProgress);
}

/**
 * Reads the steps of ticks fromTick to toTick (the service computes the rest without sending
 * it), calling onStep for each as it arrives: the grid's way to the ticks it shows.
 */
export async function readSteps(simulationId, fromTick, toTick, onStep, signal) {
  const range = new URLSearchParams({ fromTick, toTick });
  const response = await send('GET', `/v1/simulations/${enc(simulationId)}/trace?${range}`,
    { accept: 'application/x-ndjson', signal });
  await readLines(response, async (line) => {
    if (line.tick !== undefined) await onStep(line);
  }, () => {});
}

/**
 * Reads an NDJSON response line by line as it arrives, yielding to the page at most every
 * 100 ms (onProgress(false) then, onProgress(true) at the end). onLine may answer a promise: the
 * next line waits for it, so a slow reader slows the download instead of filling memory.
 */
export async function readLines(response, onLine, onProgress) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let last = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const end = buffer.lastIndexOf('\n');
    if (end < 0) continue;
    for (const line of buffer.slice(0, end).split('\n')) if (line) await onLine(JSON.parse(line));
    buffer = buffer.slice(end + 1);
    if (performance.now() - last > 100) {
      last = performance.now();
      onProgress(false);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  if (buffer.trim()) await onLine(JSON.parse(buffer));
  onProgress(true);
}

/** One trace line into the model: metadata, initialState, or a step. */
export function take(model, line) {
  if (line.metadata) model.setMetadata(line.metadata);
  else if (line.initialState) model.setInitial(line.initialState);
  else model.addStep(line);
}
