// A simulation's live events. The event stream is read with fetch() so that the credential
// travels in a header (an EventSource could only put it in the URL); it reconnects on its own and
// resumes with Last-Event-ID: nothing missed, nothing twice. When the stream cannot be had (the
// license's streams are all open, the service is busy), the page asks for the event log after the
// last event it has, every few seconds, and gets the same events (docs/simulations.md, "Event
// log"): status, tick and controls follow the server either way.
import { send, enc, ApiError } from './api.js';

/** How often the event log is asked for while the stream cannot be had. */
export const POLL_MS = 2000;

/** Whether event id a ("12-3") comes after b; null comes before everything. */
export function after(a, b) {
  if (!b) return Boolean(a);
  if (!a) return false;
  const [at, ai] = a.split('-').map(Number);
  const [bt, bi] = b.split('-').map(Number);
  return at > bt || (at === bt && ai > bi);
}

export class LiveFeed {
  /**
   * onEvent(name, data, id) gets every event once; onState({mode, text, error}) is told how it
   * follows: 'following' (the stream), 'polling' (the log, with the stream's refusal), 'stopped'.
   * position() answers the id to resume after when nothing was received yet.
   */
  constructor(simulationId, { onEvent, onState, position }) {
    this.simulationId = simulationId;
    this.onEvent = onEvent;
    this.onState = onState;
    this.position = position;
    this.lastEventId = null;
    this.mode = 'stopped';
    this.controller = null;
    this.wake = null;
  }

  get running() {
    return this.controller !== null;
  }

  start() {
    if (this.controller) return;
    this.controller = new AbortController();
    this.loop(this.controller.signal);
  }

  stop(text = 'Not following live events.') {
    if (this.controller) this.controller.abort();
    this.controller = null;
    this.wake?.();
    this.tell('stopped', text);
  }

  /** Something changed the simulation (a step, play, pause): while polling, look now. */
  nudge() {
    this.wake?.();
  }

  /** The id to resume after: the last event received, or where the page's data ends. */
  resumeFrom() {
    const position = this.position();
    return after(this.lastEventId, position) ? this.lastEventId : position;
  }

  tell(mode, text, error = null) {
    this.mode = mode;
    this.onState({ mode, text, error });
  }

  async loop(signal) {
    let wait = 1000;
    while (!signal.aborted) {
      try {
        await this.follow(signal);
        wait = 1000;
        this.tell('connecting', 'The stream ended; reconnecting…');
        await this.pause(wait, signal);
      } catch (e) {
        if (signal.aborted) return;
        if (e instanceof ApiError && (e.status === 401 || e.status === 403 || e.status === 404)) {
          this.stop(`Not following live events: ${e.describe()}`);
          return;
        }
        // The stream is refused or cut: follow the log until it is worth trying again.
        const retry = e instanceof ApiError && e.retryAfter ? Number(e.retryAfter) * 1000 : wait;
        await this.poll(Date.now() + retry, e, signal);
        wait = Math.min(wait * 2, 30000);
      }
    }
  }

  async follow(signal) {
    const resume = this.resumeFrom();
    const headers = resume ? { 'Last-Event-ID': resume } : {};
    const response = await send('GET', `/v1/simulations/${enc(this.simulationId)}/events`,
      { accept: 'text/event-stream', headers, signal });
    this.tell('following', 'Following live events.');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        this.frame(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  }

  /** Reads the event log after the last event, every POLL_MS, until `until` (a time). */
  async poll(until, refusal, signal) {
    const reason = refusal instanceof ApiError ? refusal.describe() : 'the connection was lost';
    while (!signal.aborted && Date.now() < until) {
      const seconds = Math.max(1, Math.round((until - Date.now()) / 1000));
      this.tell('polling', `Live view unavailable (${reason}). Checking the simulation every `
        + `${POLL_MS / 1000} seconds instead; trying the live view again in ${seconds} s.`, refusal);
      try {
        await this.readLog(signal);
      } catch (e) {
        if (signal.aborted) return;
        if (e instanceof ApiError && e.status === 401) throw e;
        // a failed look is tried again at the next one
      }
      await this.pause(Math.min(POLL_MS, until - Date.now()), signal);
    }
  }

  async readLog(signal) {
    const query = new URLSearchParams({ ticks: 'true' });
    const resume = this.resumeFrom();
    if (resume) query.set('after', resume);
    const response = await send('GET',
      `/v1/simulations/${enc(this.simulationId)}/event-log?${query}`,
      { accept: 'application/x-ndjson', signal });
    const text = await response.text();
    for (const line of text.split('\n')) {
      if (!line) continue;
      const { id, event, data } = JSON.parse(line);
      this.deliver(event, data, id);
    }
  }

  /** Waits ms, or less when nudged or stopped. */
  pause(ms, signal) {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.wake = done;
      signal.addEventListener('abort', done, { once: true });
    });
  }

  frame(text) {
    let name = 'message';
    let id = null;
    const data = [];
    for (const line of text.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') name = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (name === 'message' && !data.length) return;
    const body = data.join('\n');
    if (name === 'heartbeat' || name === 'error') {
      if (id) this.lastEventId = id;
      this.onEvent(name, body ? JSON.parse(body) : null, id);
      return;
    }
    this.deliver(name, body ? JSON.parse(body) : null, id);
  }

  /** An event of the simulation, once: the log and the stream may both hold it. */
  deliver(name, data, id) {
    if (id && !after(id, this.lastEventId)) return;
    if (id) this.lastEventId = id;
    this.onEvent(name, data, id);
  }
}
