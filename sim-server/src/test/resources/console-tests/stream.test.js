// The console's live feed (stream.js): the event stream read with fetch, resumed with
// Last-Event-ID, and the event log polled while the stream cannot be had. fetch is replaced by a
// scripted one for each test.
import { test, equal, ok, response } from './harness.js';
import { LiveFeed, after } from '/console/assets/js/stream.js';

const SIMULATION = '00000000-0000-0000-0000-000000000001';

/** Runs a feed against scripted answers until `until(feed)`; answers what it heard. */
async function follow(answers, until) {
  const requests = [];
  const heard = { events: [], states: [] };
  const real = window.fetch;
  window.fetch = async (path, init) => {
    requests.push({ path, headers: init.headers });
    const answer = answers.shift();
    if (!answer) return new Promise(() => {});
    return answer();
  };
  const feed = new LiveFeed(SIMULATION, {
    onEvent: (name, data, id) => heard.events.push({ name, data, id }),
    onState: (state) => heard.states.push(state),
    position: () => '5-0',
  });
  try {
    feed.start();
    const deadline = Date.now() + 10000;
    while (!until(heard, requests)) {
      if (Date.now() > deadline) throw new Error(`gave up waiting; heard ${JSON.stringify(heard)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    feed.stop();
    window.fetch = real;
  }
  return { heard, requests };
}

function sse(...frames) {
  return () => response(frames, { headers: { 'Content-Type': 'text/event-stream' } });
}

function refused(status, code, headers = {}) {
  return () => response([JSON.stringify({ error: { code, message: `refused with ${code}` } })],
    { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

test('event ids are ordered by tick, then by index', () => {
  ok(after('12-3', '12-2'), '12-3 after 12-2');
  ok(after('13-0', '12-9'), '13-0 after 12-9');
  ok(!after('2-0', '10-0'), '2-0 not after 10-0 (numbers, not text)');
  ok(!after('12-2', '12-2'), 'an id not after itself');
  ok(after('0-0', null), 'anything after none');
  ok(!after(null, '0-0'), 'none after nothing');
});

test('a frame split over reads gives its event once, comments and heartbeats apart', async () => {
  const { heard, requests } = await follow(
    [sse(': probe\n\n', 'event: loss\nid: 6-0\nda', 'ta: {"tick":6,"agent":"a1"}\n\n',
      'event: heartbeat\ndata: {}\n\n')],
    (h) => h.events.length >= 2);
  equal(requests[0].path, `/v1/simulations/${SIMULATION}/events`, 'path');
  equal(requests[0].headers['Last-Event-ID'], '5-0', 'resumed from the page\'s position');
  equal(heard.events[0], { name: 'loss', data: { tick: 6, agent: 'a1' }, id: '6-0' }, 'event');
  equal(heard.events[1].name, 'heartbeat', 'heartbeat');
  equal(heard.states[0].mode, 'following', 'mode');
});

test('a stream that ends is resumed after its last event, nothing twice', async () => {
  const { heard, requests } = await follow(
    [sse('event: loss\nid: 6-0\ndata: {"tick":6}\n\n'),
      sse('event: loss\nid: 6-0\ndata: {"tick":6}\n\n', 'event: loss\nid: 7-0\ndata: {"tick":7}\n\n')],
    (h) => h.events.length >= 2);
  equal(requests[1].headers['Last-Event-ID'], '6-0', 'resumed after the last event');
  equal(heard.events.map((e) => e.id), ['6-0', '7-0'], 'each event once');
});

test('a refused stream (429) is followed through the event log, with the refusal said', async () => {
  const log = [{ id: '6-0', event: 'loss', data: { tick: 6 } },
    { id: '6-1', event: 'warning', data: { tick: 6, kinds: ['stability'] } }];
  const { heard, requests } = await follow(
    [refused(429, 'RATE_LIMITED', { 'Retry-After': '30' }),
      () => response([log.map((l) => JSON.stringify(l)).join('\n')])],
    (h) => h.events.length >= 2);
  equal(requests[1].path, `/v1/simulations/${SIMULATION}/event-log?ticks=true&after=5-0`, 'log asked');
  equal(heard.events.map((e) => e.id), ['6-0', '6-1'], 'events from the log');
  const polling = heard.states.find((s) => s.mode === 'polling');
  ok(polling && polling.text.includes('Too many requests'), `the refusal said: ${polling?.text}`);
  equal(polling.error.status, 429, 'the refusal kept');
});

test('a simulation that is gone (404) stops the feed with the reason', async () => {
  const { heard, requests } = await follow([refused(404, 'NOT_FOUND')],
    (h) => h.states.some((s) => s.mode === 'stopped'));
  equal(requests.length, 1, 'not asked again');
  const stopped = heard.states.find((s) => s.mode === 'stopped');
  ok(stopped.text.includes('refused with NOT_FOUND'), `the reason said: ${stopped.text}`);
});
