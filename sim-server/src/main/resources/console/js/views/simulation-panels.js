// The simulation's forms and lists: time control, decrees, agent policy, and the decree and
// prophecy lists (the gate is gate-panel.js).
import { getJson, postJson, putJson, enc, ApiError } from '../api.js';
import { h, clear, field, formatTime } from '../dom.js';

// The payload fields of each decree type (docs/engine.md, "Decrees"). Which types are offered is
// the service's word (supportedDecreeTypes): a type it does not list is not offered, and a type
// it lists that is not here takes its payload as JSON.
const DECREES = {
  shock: [num('magnitude', true, 0, 100), num('x'), num('y'), num('radius')],
  'attractor.add': [text('name', true), num('x', true), num('y', true), num('strength', true),
    num('radius', true)],
  'attractor.move': [text('name', true), num('x', true), num('y', true)],
  'attractor.remove': [text('name', true)],
  'agent.policy': [text('agentId', true), num('lambda'), num('gamma')],
  'agent.remove': [text('agentId', true)],
  'rule.set': [text('name', true), text('value', true)],
};

function num(name, required = false, min, max) {
  return { name, type: 'number', required, min, max };
}

function text(name, required = false) {
  return { name, type: 'text', required };
}

export function panel(title, ...children) {
  const id = `p-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return h('section', { className: 'panel', 'aria-labelledby': id }, h('h2', { id }, title), children);
}

function result() {
  return h('p', { role: 'status' });
}

function report(out, fail) {
  return (e) => {
    out.textContent = e instanceof ApiError ? e.describe() : e.message;
    out.className = 'message error';
    if (!(e instanceof ApiError)) fail(e);
  };
}

/**
 * Step, play, pause and speed. Buttons follow the status the server tells (setStatus): no step
 * while running, nothing once completed, Pause whenever it runs; all of them off for a credential
 * that may not write. changed() is called after each accepted action.
 */
export function controls(id, sim, { fail, changed, canWrite }) {
  const ticks = h('input', { type: 'number', min: 1, max: 10000, value: 10, name: 'ticks', required: true });
  const speed = h('select', { name: 'speed' }, [0.1, 0.5, 1, 2, 5, 10].map((s) =>
    h('option', { value: s, selected: s === 1 }, `${s}×`)));
  const out = result();
  const buttons = {
    step: h('button', { type: 'submit', className: 'primary' }, 'Step'),
    play: h('button', { type: 'button' }, 'Play'),
    pause: h('button', { type: 'button' }, 'Pause'),
  };
  let status = sim.status;
  let busy = false;
  const setStatus = (s) => {
    status = s;
    const off = !canWrite || busy;
    buttons.step.disabled = off || s === 'running' || s === 'completed';
    buttons.play.disabled = off || s === 'running' || s === 'completed';
    // Pause is on whenever it runs, even while another action is on its way
    buttons.pause.disabled = !canWrite || s !== 'running';
    speed.disabled = !canWrite;
  };
  const act = (call) => async () => {
    out.className = '';
    out.textContent = '';
    busy = true;
    setStatus(status);
    try {
      await call();
      changed();
    } catch (e) {
      report(out, fail)(e);
    } finally {
      busy = false;
      setStatus(status);
    }
  };
  const control = (action) => putJson(`/v1/simulations/${enc(id)}/time-control`,
    action === 'play' ? { action, speed: Number(speed.value) } : { action });
  const form = h('form', { className: 'row', 'aria-label': 'Step' }, field('Ticks to step', ticks), buttons.step);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    act(async () => {
      const answer = await postJson(`/v1/simulations/${enc(id)}/step`, { ticks: Number(ticks.value) });
      out.textContent = `Stepped ${answer.ticks} ticks; now at tick ${answer.state.tick}.`;
    })();
  });
  buttons.play.addEventListener('click', act(() => control('play')));
  buttons.pause.addEventListener('click', act(() => control('pause')));
  speed.addEventListener('change', act(async () => { if (status === 'running') await control('play'); }));
  setStatus(sim.status);
  const element = panel('Time control', form,
    h('div', { className: 'row' }, buttons.play, buttons.pause, field('Speed', speed)),
    canWrite ? null : readOnlyNote(), out);
  element.dataset.order = 'controls';
  return { element, setStatus };
}

/** Why a read-only credential's buttons are off. */
export function readOnlyNote() {
  return h('p', { className: 'message' },
    'Your credential may only read (it lacks the simulation:write scope): the actions are off.');
}

let decreeTypes = null;

/** The decree types the service supports: the DecreeType enum of its OpenAPI document. */
function supportedDecreeTypes() {
  decreeTypes ??= getJson('/v1/openapi.json').then((doc) => doc.components.schemas.DecreeType.enum)
    .catch((e) => { decreeTypes = null; throw e; });
  return decreeTypes;
}

const RAW_PAYLOAD = [{ name: 'payload', type: 'json', required: true }];

export function decreeForm(id, fail, submitted, canWrite) {
  const type = h('select', { name: 'type' }, h('option', { value: '' }, 'Loading the types…'));
  const fields = h('div', { className: 'row' });
  const out = result();
  const inputs = {};
  const spec = () => DECREES[type.value] ?? RAW_PAYLOAD;
  const build = () => {
    clear(fields);
    for (const f of type.value ? spec() : []) {
      inputs[f.name] = h('input', { type: f.type === 'json' ? 'text' : f.type, name: f.name,
        required: f.required, min: f.min, max: f.max, step: f.type === 'number' ? 'any' : null,
        size: f.type === 'json' ? 30 : 8 });
      const label = f.type === 'json' ? 'payload (JSON object)' : f.name;
      fields.append(field(f.required ? label : `${label} (optional)`, inputs[f.name]));
    }
  };
  type.addEventListener('change', build);
  supportedDecreeTypes().then((types) => {
    clear(type, types.map((t) => h('option', { value: t }, t)));
    build();
  }).catch((e) => report(out, fail)(e));
  const submit = h('button', { type: 'submit', className: 'primary', disabled: !canWrite },
    'Submit decree');
  const form = h('form', { 'aria-label': 'Decree' }, field('Decree type', type), fields, submit);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    // One decree per press: the button is off until the service answered this one.
    if (submit.disabled) return;
    submit.disabled = true;
    out.className = '';
    out.textContent = 'Submitting…';
    try {
      const decree = await postJson(`/v1/simulations/${enc(id)}/decrees`,
        { type: type.value, payload: payloadOf(spec(), inputs) });
      out.textContent = `Decree ${decree.type} accepted for tick ${decree.tick}.`;
      submitted();
    } catch (e) {
      report(out, fail)(e);
    } finally {
      submit.disabled = !canWrite;
    }
  });
  return panel('Decree', form, out);
}

function payloadOf(spec, inputs) {
  const payload = {};
  for (const f of spec) {
    const raw = inputs[f.name].value.trim();
    if (raw === '') continue;
    if (f.type === 'json') return JSON.parse(raw);
    payload[f.name] = f.type === 'number' ? Number(raw) : ruleValue(f.name, raw);
  }
  return payload;
}

/** rule.set's value is a number or a boolean; anything else goes as typed. */
function ruleValue(name, raw) {
  if (name !== 'value') return raw;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return Number.isNaN(Number(raw)) ? raw : Number(raw);
}

export function policyForm(id, agentIds, fail, canWrite) {
  const agent = h('input', { type: 'text', name: 'agentId', required: true, size: 8, list: 'agent-ids' });
  const ids = h('datalist', { id: 'agent-ids' });
  const lambda = h('input', { type: 'number', name: 'lambda', step: 'any', size: 6 });
  const gamma = h('input', { type: 'number', name: 'gamma', step: 'any', size: 6 });
  const out = result();
  const submit = h('button', { type: 'submit', disabled: !canWrite }, 'Change policy');
  const form = h('form', { className: 'row', 'aria-label': 'Agent policy' },
    field('Agent', agent), ids, field('lambda (optional)', lambda), field('gamma (optional)', gamma),
    submit);
  agent.addEventListener('focus', () => {
    if (!ids.children.length) for (const a of agentIds()) ids.append(h('option', { value: a }));
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const policy = {};
    if (lambda.value !== '') policy.lambda = Number(lambda.value);
    if (gamma.value !== '') policy.gamma = Number(gamma.value);
    if (submit.disabled) return;
    submit.disabled = true;
    out.className = '';
    try {
      await putJson(`/v1/simulations/${enc(id)}/agent-policy`, { agentId: agent.value.trim(), policy });
      out.textContent = `Policy of ${agent.value} changed from the next tick.`;
    } catch (e) {
      report(out, fail)(e);
    } finally {
      submit.disabled = !canWrite;
    }
  });
  return panel('Agent policy', form, out);
}

/** The decree and prophecy lists, newest first. */
export class InputLists {
  constructor(id, fail) {
    this.id = id;
    this.fail = fail;
    this.decrees = h('div', {});
    this.prophecies = h('div', {});
    this.element = h('div', {}, panel('Decrees', this.decrees), panel('Prophecies', this.prophecies));
  }

  /**
   * Refreshes the lists 300 ms after the first of a burst of events: a timer already set is left
   * alone, so that a steady stream (prophecies of a fast player) still refreshes every 300 ms
   * rather than never.
   */
  refreshSoon() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.refresh();
    }, 300);
  }

  async refresh() {
    try {
      const base = `/v1/simulations/${enc(this.id)}`;
      const [decrees, prophecies] = await Promise.all([
        getJson(`${base}/decrees?limit=20&order=desc`), getJson(`${base}/prophecies?limit=20&order=desc`)]);
      clear(this.decrees, table(['Tick', 'Type', 'Payload', 'Submitted'], decrees,
        (d) => [d.tick, d.type, JSON.stringify(d.payload), formatTime(d.createdAt)], 'decree'));
      clear(this.prophecies, table(['Tick', 'Span', 'Predicted b', 'Foretold losses', 'Converged'], prophecies,
        (p) => [p.tick, `${p.data.from}–${p.data.to}`, p.data.predictedB, p.data.losses?.length ?? 0,
          p.data.converged ? 'yes' : 'no'], 'prophecy'));
    } catch (e) {
      this.fail(e);
    }
  }
}

function table(headings, page, cells, noun) {
  if (!page.data.length) return h('p', {}, `No ${noun} yet.`);
  return [h('div', { className: 'table-wrap' }, h('table', {},
    h('thead', {}, h('tr', {}, headings.map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, page.data.map((item) => h('tr', {}, cells(item).map((c) => h('td', {}, String(c)))))))),
  h('p', {}, `${page.data.length} of ${page.pagination.total}, newest first.`)];
}
