// The console's trace model (trace.js) and its worker (trace-worker.js): what the plots draw from
// a trace, however it arrives.
import { test, equal, ok, rejects, response } from './harness.js';
import { TraceModel, frameOf, readLines, readTraceBody } from '/console/assets/js/trace.js';

const COUNTS = { alive: 2, held: 1, straying: 0, free: 1, lost: 0, removed: 0 };

function agent(id, status, gamma) {
  return { id, state: { x: 1, y: 2, status }, policy: { gamma } };
}

function step(tick, b, agents) {
  return { tick, move: 'm', state: { b, agents: COUNTS, attractors: [] }, agents };
}

const METADATA = { metadata: { rules: { stabilityThreshold: 0.4 } } };
const INITIAL = {
  initialState: {
    state: { grid: { width: 10, height: 20 }, attractors: [] },
    agents: [agent('a1', 'held', 0.2), agent('a2', 'free', 0.4)],
  },
};

test('a step adds its tick, b, counts and the mean gamma of the live agents', () => {
  const model = new TraceModel();
  model.setMetadata(METADATA.metadata);
  model.addStep(step(0, 0.9, [agent('a1', 'held', 0.2), agent('a2', 'free', 0.4)]));
  equal(model.ticks, [0], 'ticks');
  equal(model.b, [0.9], 'b');
  equal(model.threshold, [0.4], 'threshold');
  equal(model.counts.held, [1], 'held');
  ok(Math.abs(model.gamma[0] - 0.3) < 1e-12, `mean gamma 0.3, not ${model.gamma[0]}`);
  equal(model.position, '1-0', 'position after tick 0');
});

test('a step that carries only some agents has no mean gamma', () => {
  const model = new TraceModel();
  model.addStep(step(0, 0.9, [agent('a1', 'held', 0.2)]));
  equal(model.gamma, [null], 'gamma');
});

test('a tick already held is not added twice', () => {
  const model = new TraceModel();
  model.addStep(step(0, 0.9, []));
  model.addStep(step(1, 0.8, []));
  model.addStep(step(1, 0.7, []));
  model.addStep(step(0, 0.6, []));
  equal(model.ticks, [0, 1], 'ticks');
  equal(model.b, [0.9, 0.8], 'b');
});

test('a tick event of the stream is normalized to a step', () => {
  const model = new TraceModel();
  model.addTickEvent({ t: 4, lastMove: 'x', state: { b: 0.5, agents: COUNTS }, agents: [] });
  equal(model.ticks, [4], 'ticks');
  equal(model.lastTick, 4, 'last tick');
});

test('a batch of the worker appends its columns, skipping ticks already held', () => {
  const model = new TraceModel();
  model.addStep(step(0, 0.9, []));
  const counts = Object.fromEntries(
    ['held', 'straying', 'free', 'lost', 'removed'].map((s) => [s, Int32Array.from([1, 2])]));
  model.appendBatch({ ticks: Float64Array.from([0, 1]), b: Float64Array.from([0.1, 0.2]),
    gamma: Float64Array.from([0.5, Number.NaN]), counts, latest: step(1, 0.2, []) });
  equal(model.ticks, [0, 1], 'ticks');
  equal(model.b, [0.9, 0.2], 'b');
  equal(model.gamma, [null, null], 'gamma (NaN is no value)');
  equal(model.counts.free, [1, 2], 'free');
  equal(model.latestStep.tick, 1, 'newest step');
});

test('an event is kept once by its id and marks the plots', () => {
  const model = new TraceModel();
  const loss = { tick: 3, agent: 'a1', magnitude: 0.3 };
  const entry = model.addEvent('loss', loss, '3-0');
  equal(entry.tick, 3, 'tick');
  equal(entry.kind, 'loss', 'kind');
  equal(model.addEvent('loss', loss, '3-0'), null, 'the same id again');
  equal(model.addEvent('heartbeat', {}, '3-1'), null, 'no simulation event');
  equal(model.events.length, 1, 'events kept');
  equal(model.markerCounts(), { loss: 1 }, 'markers');
});

test('a frame holds positions and status indexes, 255 for an agent without a status', () => {
  const frame = frameOf(7, [], [agent('a1', 'lost', 0), { state: { x: 3, y: 4 } }]);
  equal(frame.tick, 7, 'tick');
  equal(Array.from(frame.xs), [1, 3], 'xs');
  equal(Array.from(frame.statuses), [3, 255], 'statuses');
});

test('readLines reads NDJSON split anywhere, the last line without its newline', async () => {
  const lines = [];
  let ended = false;
  await readLines(response(['{"a":1}\n{"a"', ':2}\n\n{"a":3}']), (v) => lines.push(v.a),
    (end) => { ended = end; });
  equal(lines, [1, 2, 3], 'lines');
  ok(ended, 'the end told');
});

test('the worker reads a whole trace into the model', async () => {
  const model = new TraceModel();
  const lines = [METADATA, INITIAL, step(0, 0.9, INITIAL.initialState.agents),
    step(1, 0.8, [agent('a1', 'held', 0.2)])].map((v) => JSON.stringify(v));
  const progress = [];
  const body = response([lines.join('\n').slice(0, 50), `${lines.join('\n').slice(50)}\n`]);
  await readTraceBody(body, model, (end) => progress.push(end));
  equal(model.stabilityThreshold, 0.4, 'threshold from the metadata');
  equal(model.grid, { width: 10, height: 20 }, 'grid from the initial state');
  equal(model.agentIds, ['a1', 'a2'], 'agents');
  equal(model.ticks, [0, 1], 'ticks');
  equal(model.b, [0.9, 0.8], 'b');
  ok(Math.abs(model.gamma[0] - 0.3) < 1e-12 && model.gamma[1] === null, 'gamma');
  equal(progress[progress.length - 1], true, 'the end told last');
});

test('the worker refuses a trace that is not NDJSON, naming why', async () => {
  await rejects(readTraceBody(response(['{"tick": 0,\n']), new TraceModel(), () => {}),
    (e) => ok(e.message.startsWith('The trace could not be read'), `a clear message: ${e.message}`),
    'a broken line');
});

test('a trace no longer wanted is abandoned', async () => {
  const controller = new AbortController();
  const never = new Response(new ReadableStream({ start() {} }));
  const reading = readTraceBody(never, new TraceModel(), () => {}, controller.signal);
  controller.abort();
  await rejects(reading, (e) => equal(e.name, 'AbortError', 'error'), 'an aborted read');
});
