// The live event stream, read with fetch() so that the credential travels in a header (an
// EventSource could only put it in the URL). Reconnects on its own and resumes with
// Last-Event-ID: nothing missed, nothing twice.
import { send, enc, ApiError } from './api.js';

export class EventStream {
  constructor(simulationId, { onEvent, onState }) {
    this.simulationId = simulationId;
    this.onEvent = onEvent;
    this.onState = onState;
    this.lastEventId = null;
    this.connected = false;
    this.controller = null;
  }

  start() {
    if (this.controller) return;
    this.controller = new AbortController();
    this.loop(this.controller.signal);
  }

  stop() {
    if (this.controller) this.controller.abort();
    this.controller = null;
    this.setConnected(false, 'Not following live events.');
  }

  setConnected(connected, text) {
    this.connected = connected;
    this.onState(connected, text);
  }

  async loop(signal) {
    let wait = 1000;
    while (!signal.aborted) {
      try {
        await this.follow(signal);
        wait = 1000;
        this.setConnected(false, 'The stream ended; reconnecting…');
      } catch (e) {
        if (signal.aborted) return;
        if (e instanceof ApiError && e.status === 401) return;
        if (e instanceof ApiError && e.status === 429 && e.retryAfter) wait = e.retryAfter * 1000;
        this.setConnected(false, `${e instanceof ApiError ? e.describe() : 'Connection lost'}; reconnecting…`);
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, 30000);
    }
  }

  async follow(signal) {
    const headers = this.lastEventId ? { 'Last-Event-ID': this.lastEventId } : {};
    const response = await send('GET', `/v1/simulations/${enc(this.simulationId)}/events`,
      { accept: 'text/event-stream', headers, signal });
    this.setConnected(true, 'Following live events.');
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
    if (id) this.lastEventId = id;
    if (name === 'message' && !data.length) return;
    const body = data.join('\n');
    this.onEvent(name, body ? JSON.parse(body) : null, id);
  }
}
