// Reads a trace's NDJSON off the page's thread (views/simulation.js, views/scenarios.js): parses
// every line and keeps what the plots draw, per tick (b, agents by status, mean gamma of the live
// agents), and the newest step for the grid. Posts them in batches at most every 16 ms, as typed
// arrays handed over without a copy, so the page only appends numbers and draws.
const COUNTED = ['held', 'straying', 'free', 'lost', 'removed'];
const BATCH_MS = 16;

let batch = newBatch();

function newBatch() {
  return { ticks: [], b: [], gamma: [], counts: Object.fromEntries(COUNTED.map((s) => [s, []])),
    latest: null };
}

/**
 * The mean gamma of the live agents, when the step carries every agent; NaN (no value) when it
 * carries only some (agents=changed or none), which could not give the mean of them all.
 */
function meanGamma(agents, counts) {
  if (agents.length !== counts.alive + counts.lost + counts.removed) return Number.NaN;
  let sum = 0;
  let n = 0;
  for (const a of agents) {
    if (a.state.status !== 'lost' && a.state.status !== 'removed') {
      sum += a.policy.gamma;
      n++;
    }
  }
  return n ? sum / n : Number.NaN;
}

function take(line) {
  const value = JSON.parse(line);
  if (value.metadata) {
    postMessage({ type: 'metadata', metadata: value.metadata });
  } else if (value.initialState) {
    postMessage({ type: 'initial', initialState: value.initialState });
  } else {
    batch.ticks.push(value.tick);
    batch.b.push(value.state.b);
    for (const s of COUNTED) batch.counts[s].push(value.state.agents[s]);
    batch.gamma.push(meanGamma(value.agents ?? [], value.state.agents));
    batch.latest = value;
  }
}

function flush() {
  if (!batch.ticks.length) return;
  const message = {
    type: 'steps',
    ticks: Float64Array.from(batch.ticks),
    b: Float64Array.from(batch.b),
    gamma: Float64Array.from(batch.gamma),
    counts: Object.fromEntries(COUNTED.map((s) => [s, Int32Array.from(batch.counts[s])])),
    latest: batch.latest,
  };
  const buffers = [message.ticks.buffer, message.b.buffer, message.gamma.buffer,
    ...COUNTED.map((s) => message.counts[s].buffer)];
  postMessage(message, buffers);
  batch = newBatch();
}

async function read(stream) {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let last = performance.now();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let start = 0;
    let end;
    while ((end = buffer.indexOf('\n', start)) >= 0) {
      if (end > start) take(buffer.slice(start, end));
      start = end + 1;
    }
    buffer = buffer.slice(start);
    if (performance.now() - last >= BATCH_MS) {
      flush();
      last = performance.now();
    }
  }
  if (buffer.trim()) take(buffer);
  flush();
}

self.onmessage = ({ data }) => {
  read(data.stream).then(() => postMessage({ type: 'done' }),
    (e) => postMessage({ type: 'error', name: e.name, message: e.message }));
};
