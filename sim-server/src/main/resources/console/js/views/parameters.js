// Parameters before a run (/console/scenarios/{id}/parameters): a pre-built scenario as a form of
// what the spec lets a caller set (seed, grid, rules, attractors and agents: a count, or a row
// each), which creates an inline scenario and runs it the ticks asked. The service validates it;
// its issues are shown at their fields (by their paths, scenario.agents[3].marker.x).
import { getJson, postJson, enc, ApiError, can } from '../api.js';
import { h, clear, field, showIssues } from '../dom.js';
import { readOnlyNote } from './simulation-panels.js';

const MAX_AGENTS = 2000;

export function render(main, [scenarioId], { navigate, showNotice }) {
  document.title = 'Parameters · Causality console';
  clear(main, h('h1', {}, 'Parameters'), h('p', {}, 'Loading…'));
  const fail = (e) => showNotice(e instanceof ApiError ? e.describe() : e.message);
  Promise.all([getJson(`/v1/scenarios/${enc(scenarioId)}`), ruleTypes(), can('simulation:write')])
    .then(([scenario, rules, canWrite]) => {
      new ParametersForm(main, scenario, rules, canWrite, navigate).show();
    })
    .catch((e) => {
      clear(main, h('h1', {}, 'Parameters'), h('p', {}, 'This scenario cannot be shown.'));
      fail(e);
    });
}

let rulesOfService = null;

/** The rules a scenario may set, with their types: the Rules schema of the service's document. */
function ruleTypes() {
  rulesOfService ??= getJson('/v1/openapi.json')
    .then((doc) => Object.entries(doc.components.schemas.Rules.properties)
      .map(([name, schema]) => ({ name, type: schema.type })))
    .catch((e) => {
      rulesOfService = null;
      throw e;
    });
  return rulesOfService;
}

function input(path, value, attrs = {}) {
  const el = h('input', { type: 'number', step: 'any', size: 7, 'data-path': path, ...attrs });
  el.value = value ?? '';
  return el;
}

function text(path, value, attrs = {}) {
  return input(path, value, { type: 'text', step: null, ...attrs });
}

function numberOf(el) {
  return el.value.trim() === '' ? undefined : Number(el.value);
}

class ParametersForm {
  constructor(main, scenario, rules, canWrite, navigate) {
    this.main = main;
    this.scenario = scenario;
    this.rules = rules;
    this.canWrite = canWrite;
    this.navigate = navigate;
    this.attractorRows = h('tbody', {});
    this.agentRows = h('tbody', {});
    this.out = h('div', { role: 'status' });
  }

  show() {
    const s = this.scenario;
    document.title = `Parameters of ${s.label} · Causality console`;
    this.seed = input('scenario.seed', s.seed, { step: 1 });
    this.ticks = input('ticks', 100, { step: 1, min: 0, max: 10000 });
    this.width = input('scenario.initialState.grid.width', s.initialState.grid.width);
    this.height = input('scenario.initialState.grid.height', s.initialState.grid.height);
    this.ruleInputs = this.rules.map((rule) => [rule, this.ruleInput(rule, s.rules?.[rule.name])]);
    this.count = input('agentCount', s.agents.length, { step: 1, min: 1, max: MAX_AGENTS });
    for (const a of s.initialState.attractors) this.attractorRows.append(this.attractorRow(a));
    for (const a of s.agents) this.agentRows.append(this.agentRow(a));
    const submit = h('button', { type: 'submit', className: 'primary', disabled: !this.canWrite },
      'Create with these parameters');
    this.form = h('form', { 'aria-label': 'Parameters' },
      section('Run', h('div', { className: 'row' }, field('Seed', this.seed),
        field('Ticks to run (0: create only)', this.ticks), field('Grid width', this.width),
        field('Grid height', this.height))),
      section('Rules', h('p', {}, 'Empty: the engine\'s default (docs/engine.md, "Rules").'),
        h('div', { className: 'row' }, this.ruleInputs.map(([rule, el]) => field(rule.name, el)))),
      section('Attractors', h('div', { className: 'table-wrap' }, h('table', { className: 'rows-editor' },
        h('thead', {}, h('tr', {}, ['Name', 'x', 'y', 'Strength', 'Radius', ''].map((t) => h('th', { scope: 'col' }, t)))),
        this.attractorRows)),
      h('button', { type: 'button', onclick: () => this.addAttractor() }, 'Add an attractor')),
      section('Agents', h('div', { className: 'row' }, field('Number of agents', this.count),
        h('button', { type: 'button', onclick: () => this.setCount() }, 'Set the number of agents')),
      h('div', { className: 'table-wrap' }, h('table', { className: 'rows-editor' },
        h('thead', {}, h('tr', {}, ['Id', 'x', 'y', 'lambda', 'gamma', 'Preferences (name: weight, …)',
          'Heeds prophecies', ''].map((t) => h('th', { scope: 'col' }, t)))),
        this.agentRows))),
      this.canWrite ? null : readOnlyNote(),
      h('div', { className: 'row' }, submit), this.out);
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.create(submit);
    });
    clear(this.main, h('h1', {}, `Parameters of ${s.label}`),
      h('p', {}, 'Change what you like and create a simulation of it: an inline scenario, ',
        'validated by the service. A rule left empty keeps the engine\'s default.'), this.form);
    this.renumber();
  }

  ruleInput(rule, value) {
    const path = `scenario.rules.${rule.name}`;
    if (rule.type === 'boolean') {
      const select = h('select', { 'data-path': path },
        [['', 'default'], ['true', 'on'], ['false', 'off']].map(([v, t]) =>
          h('option', { value: v, selected: String(value ?? '') === v }, t)));
      return select;
    }
    // Left empty, the rule keeps the engine's default (the form's introduction says so).
    return input(path, value, { step: rule.type === 'integer' ? 1 : 'any', title: "empty: the engine's default" });
  }

  attractorRow(a = {}) {
    const row = h('tr', {});
    row.inputs = {
      name: text('', a.name, { size: 9, className: 'wide' }),
      x: input('', a.x), y: input('', a.y), strength: input('', a.strength), radius: input('', a.radius),
    };
    const remove = h('button', { type: 'button', onclick: () => { row.remove(); this.renumber(); } }, 'Remove');
    row.append(...Object.entries(row.inputs).map(([key, el]) =>
      h('td', {}, h('label', { className: 'visually-hidden', for: el.id = `att-${key}-${Math.random().toString(36).slice(2)}` }, key), el)),
    h('td', {}, remove));
    return row;
  }

  agentRow(a = {}) {
    const row = h('tr', {});
    const prefs = Object.entries(a.attractorPreferences ?? {}).map(([k, v]) => `${k}: ${v}`).join(', ');
    const heeds = h('input', { type: 'checkbox', checked: Boolean(a.heedsProphecies) });
    row.inputs = {
      id: text('', a.id, { size: 7, className: 'wide' }),
      x: input('', a.marker?.x), y: input('', a.marker?.y),
      lambda: input('', a.policy?.lambda), gamma: input('', a.policy?.gamma),
      preferences: text('', prefs, { size: 16, className: 'wide' }),
      heeds,
    };
    const remove = h('button', { type: 'button', onclick: () => { row.remove(); this.renumber(); } }, 'Remove');
    row.append(...Object.entries(row.inputs).map(([key, el]) =>
      h('td', {}, h('label', { className: 'visually-hidden', for: el.id = `agent-${key}-${Math.random().toString(36).slice(2)}` }, key), el)),
    h('td', {}, remove));
    return row;
  }

  /** Each row's fields carry the path of the member they fill, so issues land on them. */
  renumber() {
    [...this.attractorRows.rows].forEach((row, i) => {
      const base = `scenario.initialState.attractors[${i}]`;
      for (const [key, el] of Object.entries(row.inputs)) {
        el.dataset.path = `${base}.${key}`;
        el.previousSibling.textContent = `Attractor ${i + 1} ${key}`;
      }
    });
    [...this.agentRows.rows].forEach((row, i) => {
      const base = `scenario.agents[${i}]`;
      const paths = { id: 'id', x: 'marker.x', y: 'marker.y', lambda: 'policy.lambda',
        gamma: 'policy.gamma', preferences: 'attractorPreferences', heeds: 'heedsProphecies' };
      for (const [key, el] of Object.entries(row.inputs)) {
        el.dataset.path = `${base}.${paths[key]}`;
        el.previousSibling.textContent = `Agent ${i + 1} ${key}`;
      }
    });
    this.count.value = this.agentRows.rows.length;
  }

  addAttractor() {
    this.attractorRows.append(this.attractorRow({ name: `a${this.attractorRows.rows.length + 1}`,
      x: 50, y: 50, strength: 5, radius: 10 }));
    this.renumber();
  }

  /** More agents are copies of the last one under new ids; fewer drops the last ones. */
  setCount() {
    const wanted = Math.max(1, Math.min(MAX_AGENTS, Math.round(Number(this.count.value) || 1)));
    const rows = this.agentRows.rows;
    while (rows.length > wanted) rows[rows.length - 1].remove();
    const model = this.agentOf(rows[rows.length - 1]);
    for (let n = rows.length; n < wanted; n++) {
      this.agentRows.append(this.agentRow({ ...model, id: `${model.id ?? 'agent'}-${n + 1}` }));
    }
    this.renumber();
  }

  agentOf(row) {
    const c = row.inputs;
    const agent = { id: c.id.value.trim(), marker: { x: numberOf(c.x), y: numberOf(c.y) } };
    const policy = { lambda: numberOf(c.lambda), gamma: numberOf(c.gamma) };
    if (policy.lambda !== undefined || policy.gamma !== undefined) agent.policy = policy;
    const prefs = preferencesOf(c.preferences.value);
    if (prefs) agent.attractorPreferences = prefs;
    if (c.heeds.checked) agent.heedsProphecies = true;
    return agent;
  }

  scenarioOf() {
    const rules = {};
    for (const [rule, el] of this.ruleInputs) {
      if (el.value.trim() === '') continue;
      rules[rule.name] = rule.type === 'boolean' ? el.value === 'true' : Number(el.value);
    }
    return {
      seed: numberOf(this.seed),
      initialState: {
        grid: { width: numberOf(this.width), height: numberOf(this.height) },
        attractors: [...this.attractorRows.rows].map((row) => ({ name: row.inputs.name.value.trim(),
          x: numberOf(row.inputs.x), y: numberOf(row.inputs.y), strength: numberOf(row.inputs.strength),
          radius: numberOf(row.inputs.radius) })),
      },
      agents: [...this.agentRows.rows].map((row) => this.agentOf(row)),
      nodeLabels: this.scenario.nodeLabels,
      rules,
    };
  }

  /** Checks what the page can (the preferences' notation), then lets the service judge. */
  localIssues() {
    const issues = [];
    [...this.agentRows.rows].forEach((row) => {
      const value = row.inputs.preferences.value;
      if (value.trim() && !preferencesOf(value)) {
        issues.push({ path: row.inputs.preferences.dataset.path,
          message: 'write name: weight pairs, separated by commas (home: 1, reef: 0.5)' });
      }
    });
    const ticks = numberOf(this.ticks) ?? 0;
    if (!Number.isInteger(ticks) || ticks < 0 || ticks > 10000) {
      issues.push({ path: 'ticks', message: 'must be a whole number from 0 to 10,000' });
    }
    return issues;
  }

  async create(submit) {
    submit.disabled = true;
    this.out.className = '';
    clear(this.out, 'Creating…');
    try {
      const local = this.localIssues();
      if (local.length) {
        this.told(local);
        return;
      }
      showIssues(this.form, []);
      const created = await postJson('/v1/simulations', { scenario: this.scenarioOf() });
      const ticks = numberOf(this.ticks) ?? 0;
      if (ticks > 0) await postJson(`/v1/simulations/${enc(created.id)}/step`, { ticks });
      this.navigate(`/console/simulations/${created.id}`);
    } catch (e) {
      if (e instanceof ApiError && e.issues.length) this.told(e.issues);
      else {
        this.out.className = 'message error';
        clear(this.out, e instanceof ApiError ? e.describe() : e.message);
      }
    } finally {
      submit.disabled = !this.canWrite;
    }
  }

  /** Issues at their fields; those without one are listed under the form. */
  told(issues) {
    const unplaced = showIssues(this.form, issues);
    this.out.className = 'message error';
    clear(this.out, h('p', {}, `${issues.length} field(s) to correct, marked above.`),
      unplaced.length ? h('ul', {}, unplaced.map((i) => h('li', {}, `${i.path}: ${i.message}`))) : null);
    this.form.querySelector('[aria-invalid="true"]')?.focus();
  }
}

function section(title, ...children) {
  const id = `par-${title.toLowerCase()}`;
  return h('section', { className: 'panel', 'aria-labelledby': id }, h('h2', { id }, title), children);
}

/** "home: 1, reef: 0.5" as {home: 1, reef: 0.5}; null when it is not that. */
function preferencesOf(value) {
  if (!value.trim()) return null;
  const prefs = {};
  for (const part of value.split(',')) {
    const m = /^\s*([^:]+?)\s*:\s*(-?[0-9.]+(?:e-?\d+)?)\s*$/i.exec(part);
    if (!m) return null;
    prefs[m[1]] = Number(m[2]);
  }
  return prefs;
}
