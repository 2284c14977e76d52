// A simulation's history as the console keeps it: per-tick aggregates for the plots (b, agent
// counts by status, mean gamma), the simulation's events (markers on the plots, the timeline),
// and the agents of two ticks only (the initial state and the newest tick). Agent snapshots are
// dropped as soon as they are counted, so memory stays bounded however long the trace; the grid
// asks the service for the ticks it shows (a fromTick/toTick range of the trace: readSteps, and
// views/grid-panel.js). The trace itself is read off the page's thread (trace-worker.js).
import { send, enc } from './api.js';
import { STATUSES } from './grid.js';
import { kindOf, tickOf, line, describe, marksPlots } from './events.js';

const COUNTED = ['held', 'straying', 'free', 'lost', 'removed'];

export class TraceModel {
  constructor() {
    this.ticks = [];
    this.b = [];
    this.threshold = [];
    this.counts = Object.fromEntries(COUNTED.map((s) => [s, []]));
    this.gamma = [];
    this.markers = new Map();
    this.events = [];
    this.eventIds = new Set();
    this.initial = null;
    this.latest = null;
    this.latestStep = null;
    this.grid = { width: 100, height: 100 };
    this.stabilityThreshold = null;
    this.agentIds = [];
    this.version = 0;
  }

  get lastTick() {
    return this.ticks.length ? this.ticks[this.ticks.length - 1] : -1;
  }

  /** The event id after which the stream or the log resumes: the first one past these ticks. */
  get position() {
    return `${this.lastTick + 1}-0`;
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

  /** A simulation without a tick: its scenario's initial state, as the scenario card draws it. */
  setScenario(scenario) {
    this.grid = scenario.initialState.grid;
    this.agentIds = scenario.agents.map((a) => a.id);
    const agents = scenario.agents.map((a) => ({ state: { x: a.marker.x, y: a.marker.y } }));
    this.initial = frameOf(-1, scenario.initialState.attractors, agents);
    this.latest = this.initial;
  }

  /** One trace step, or an SSE tick normalized to one. */
  addStep(step) {
    if (step.tick <= this.lastTick) return;
    this.ticks.push(step.tick);
    this.b.push(step.state.b);
    this.threshold.push(this.stabilityThreshold);
    for (const s of COUNTED) this.counts[s].push(step.state.agents[s]);
    this.gamma.push(meanGamma(step.agents ?? [], step.state.agents));
    this.latestStep = step;
    this.version++;
  }

  /** Columns of steps from the trace worker: numbers appended, the newest step kept. */
  appendBatch(batch) {
    for (let i = 0; i < batch.ticks.length; i++) {
      if (batch.ticks[i] <= this.lastTick) continue;
      this.ticks.push(batch.ticks[i]);
      this.b.push(batch.b[i]);
      this.threshold.push(this.stabilityThreshold);
      for (const s of COUNTED) this.counts[s].push(batch.counts[s][i]);
      this.gamma.push(Number.isNaN(batch.gamma[i]) ? null : batch.gamma[i]);
    }
    if (batch.latest) this.latestStep = batch.latest;
    this.version++;
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

  /**
   * An event of the simulation (from the event log or the live stream), kept once by its id:
   * answers the timeline's entry, or null for one already kept or not worth a line.
   */
  addEvent(name, data, id) {
    const kind = kindOf(name);
    if (!kind || (id && this.eventIds.has(id))) return null;
    if (id) this.eventIds.add(id);
    const tick = tickOf(data, id);
    const entry = { id, name, kind, tick, data, text: line(name, data, id) };
    this.events.push(entry);
    if (marksPlots(name, data)) this.mark(tick, kind, describe(name, data));
    this.version++;
    return entry;
  }

  mark(tick, kind, text) {
    const list = this.markers.get(tick) ?? [];
    list.push({ kind, text });
    this.markers.set(tick, list);
  }

  /** How many markers of each kind, for the words under the plots. */
  markerCounts() {
    const counts = {};
    for (const list of this.markers.values()) {
      for (const m of list) counts[m.kind] = (counts[m.kind] ?? 0) + 1;
    }
    return counts;
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
    frame.statuses[i] = a.state.status ? Math.max(0, STATUSES.indexOf(a.state.status)) : 255;
  });
  return frame;
}

/** As the worker's: null unless the step carries every agent. */
function meanGamma(agents, counts) {
  if (agents.length !== counts.alive + counts.lost + counts.removed) return null;
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

export function frameAgents(frame) {
  return { length: frame.xs.length, x: (i) => frame.xs[i], y: (i) => frame.ys[i],
    status: (i) => frame.statuses[i] };
}

/**
 * Reads a trace answer (NDJSON) into model in a Web Worker, so that parsing never blocks the
 * page: onProgress(false) after each batch the worker posts (at most every 16 ms), onProgress(true)
 * at the end. Answers once the whole trace is in the model.
 */
export function readTraceBody(response, model, onProgress, signal) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./trace-worker.js', import.meta.url), { type: 'module' });
    const finish = (settle, value) => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
      settle(value);
    };
    const abort = () => finish(reject, new DOMException('The trace was no longer wanted', 'AbortError'));
    signal?.addEventListener('abort', abort, { once: true });
    worker.onmessage = ({ data }) => {
      if (data.type === 'metadata') model.setMetadata(data.metadata);
      else if (data.type === 'initial') model.setInitial(data.initialState);
      else if (data.type === 'steps') {
        model.appendBatch(data);
        onProgress(false);
      } else if (data.type === 'done') {
        onProgress(true);
        finish(resolve);
      } else if (data.type === 'error') {
        const error = new Error(`The trace could not be read: ${data.message}`);
        error.name = data.name === 'AbortError' ? 'AbortError' : 'Error';
        finish(reject, error);
      }
    };
    worker.onerror = (e) => finish(reject, new Error(`The trace could not be read: ${e.message}`));
    worker.postMessage({ stream: response.body }, [response.body]);
  });
}

/** The simulation's whole trace into model (readTraceBody). */
export async function readTrace(simulationId, model, onProgress, signal) {
  const response = await send('GET', `/v1/simulations/${enc(simulationId)}/trace`,
    { accept: 'application/x-ndjson', signal });
  await readTraceBody(response, model, onProgress, signal);
}

/**
 * Reads the steps of ticks fromTick to toTick (the service computes the rest without sending
 * it), calling onStep for each as it arrives: the grid's way to the ticks it shows, and the
 * page's way to the ticks it missed.
 */
export async function readSteps(simulationId, fromTick, toTick, onStep, signal) {
  const range = new URLSearchParams({ fromTick });
  if (toTick !== null && toTick !== undefined) range.set('toTick', toTick);
  const response = await send('GET', `/v1/simulations/${enc(simulationId)}/trace?${range}`,
    { accept: 'application/x-ndjson', signal });
  await readLines(response, async (value) => {
    if (value.tick !== undefined) await onStep(value);
  }, () => {});
}

/**
 * Reads an NDJSON response line by line as it arrives, yielding to the page at most every
 * 16 ms (onProgress(false) then, onProgress(true) at the end). onLine may answer a promise: the
 * next line waits for it, so a slow reader slows the download instead of filling memory. For
 * short answers (a tick, a range replayed at the pace of its drawing); whole traces go to the
 * worker.
 */
export async function readLines(response, onLine, onProgress) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let last = performance.now();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const end = buffer.lastIndexOf('\n');
    if (end < 0) continue;
    for (const text of buffer.slice(0, end).split('\n')) {
      if (text) await onLine(JSON.parse(text));
      if (performance.now() - last > 16) {
        onProgress(false);
        await new Promise((resolve) => setTimeout(resolve, 0));
        last = performance.now();
      }
    }
    buffer = buffer.slice(end + 1);
  }
  if (buffer.trim()) await onLine(JSON.parse(buffer));
  onProgress(true);
}

/** The events of the log after `after` (all without it), each into onEvent(name, data, id). */
export async function readEventLog(simulationId, after, onEvent, signal) {
  const query = new URLSearchParams();
  if (after) query.set('after', after);
  const response = await send('GET',
    `/v1/simulations/${enc(simulationId)}/event-log${query.size ? `?${query}` : ''}`,
    { accept: 'application/x-ndjson', signal });
  await readLines(response, (value) => onEvent(value.event, value.data, value.id), () => {});
}

// The model a create-and-run streamed, for the simulation it opens next: kept in memory (one run
// at most), so that the simulation's view draws it without asking for the trace again.
let handedOver = null;

export function keepRun(simulationId, model) {
  handedOver = { simulationId, model };
}

/** The model streamed for this simulation, once; null when there is none. */
export function takeRun(simulationId) {
  const run = handedOver?.simulationId === simulationId ? handedOver.model : null;
  handedOver = null;
  return run;
}
