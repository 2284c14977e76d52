// The Experiments view: a form that builds a parameter grid over a scenario (the run count and
// the license's quota shown before submitting, from a dry run), and the list of experiments.
import { getJson, postJson, enc, ApiError } from '../api.js';
import { h, clear, field, statusBadge, formatTime, formatNumber } from '../dom.js';

const SERIES = ['b', 'alive', 'held', 'straying', 'free', 'lost', 'meanGamma'];
const RULES = ['zeroSumAttractorCapture', 'pointOfReturn', 'maxSpeed', 'defaultAffinity',
  'stabilityThreshold', 'gammaFloor', 'gammaWarningMargin', 'gammaErosion', 'lossContagion',
  'prophecyInterval', 'prophecyHorizon', 'prophecyDepth', 'prophecyReaction'];
const PAGE = 20;

export function render(main, params, { navigate, showNotice }) {
  document.title = 'Experiments · Causality console';
  const aborter = new AbortController();
  const list = h('div', {});
  const form = h('section', { className: 'panel', 'aria-labelledby': 'new-experiment' });
  clear(main, h('h1', {}, 'Experiments'),
    h('p', {}, 'Run a scenario over a grid of parameter values, several times each, and compare ',
      'the combinations: fan charts of their series and a table of every run.'),
    form, h('h2', { id: 'experiment-list' }, 'Your experiments'), list);
  const failed = (e) => showNotice(e instanceof ApiError ? e.describe() : e.message);
  buildForm(form, { navigate, showNotice, signal: aborter.signal }).catch(failed);
  loadList(list, 0).catch(failed);
  return () => aborter.abort();
}

async function buildForm(section, context) {
  const { data } = await getJson('/v1/scenarios', { signal: context.signal });
  const scenario = h('select', { name: 'scenario' },
    data.map((s) => h('option', { value: s.id }, s.label ?? s.id)));
  const ticks = h('input', { type: 'number', name: 'ticks', min: 1, max: 10000, value: 200 });
  const replications = h('input', { type: 'number', name: 'replications', min: 1, max: 10000, value: 10 });
  const every = h('input', { type: 'number', name: 'every', min: 1, max: 10000, value: 5 });
  const keep = h('input', { type: 'checkbox', name: 'keepTraces' });
  const series = SERIES.map((name) => h('input', { type: 'checkbox', name: 'series', value: name,
    checked: name === 'b' || name === 'lost' }));
  const rows = h('div', { className: 'parameter-rows' });
  const summary = h('p', { role: 'status', className: 'message', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', className: 'primary' }, 'Start experiment');
  const state = { paths: [], timer: null };
  const form = h('form', { 'aria-label': 'New experiment' },
    h('div', { className: 'row' }, field('Scenario', scenario), field('Ticks per run', ticks),
      field('Replications', replications), field('Collect every (ticks)', every)),
    h('fieldset', { className: 'series-choice' }, h('legend', {}, 'Series to collect'),
      series.map((box) => h('label', { className: 'inline' }, box, box.value))),
    h('fieldset', {}, h('legend', {}, 'Parameters'), rows,
      h('button', { type: 'button', onclick: () => { rows.append(parameterRow(state, check)); check(); } },
        'Add parameter')),
    h('label', { className: 'inline' }, keep, 'Keep every run\u2019s trace as a simulation'),
    h('div', { className: 'row' }, submit), summary);
  const body = () => definition(scenario.value, ticks, replications, every, keep, series, rows);
  const check = () => {
    clearTimeout(state.timer);
    state.timer = setTimeout(() => dryRun(body(), summary, submit, context), 250);
  };
  const choose = async () => {
    state.paths = await pathsOf(scenario.value, context.signal);
    for (const row of rows.children) row.refill(state.paths);
    check();
  };
  form.addEventListener('input', check);
  form.addEventListener('change', check);
  scenario.addEventListener('change', choose);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    submit.disabled = true;
    try {
      const experiment = await postJson('/v1/experiments', body(),
        { headers: { 'Idempotency-Key': crypto.randomUUID() } });
      context.navigate(`/console/experiments/${experiment.id}`);
    } catch (e) {
      summary.className = 'message error';
      summary.textContent = e instanceof ApiError ? `Not started: ${e.describe()}` : e.message;
      submit.disabled = false;
    }
  });
  clear(section, h('h2', { id: 'new-experiment' }, 'New experiment'), form);
  await choose();
}

/** The paths a scenario offers: every agent's policy, each agent's, each attractor, each rule. */
async function pathsOf(id, signal) {
  const s = await getJson(`/v1/scenarios/${enc(id)}`, { signal });
  const agents = (s.agents ?? []).slice(0, 50).flatMap((a) =>
    [`agents[${a.id}].policy.lambda`, `agents[${a.id}].policy.gamma`]);
  const attractors = (s.initialState?.attractors ?? []).map((a) => `attractors[${a.name}].strength`);
  return ['agents[*].policy.lambda', 'agents[*].policy.gamma', 'seed', ...attractors,
    ...RULES.map((r) => `rules.${r}`), ...agents];
}

function parameterRow(state, changed) {
  const path = h('select', { name: 'path' });
  const mode = h('select', { name: 'mode' }, h('option', { value: 'list' }, 'values'),
    h('option', { value: 'range' }, 'range'));
  const values = h('input', { name: 'values', value: '0.5, 1, 2', size: 18 });
  const from = h('input', { type: 'number', name: 'from', step: 'any', value: 0.5, size: 6 });
  const to = h('input', { type: 'number', name: 'to', step: 'any', value: 3.5, size: 6 });
  const steps = h('input', { type: 'number', name: 'steps', min: 1, max: 1000, value: 3, size: 4 });
  const list = field('Values (comma separated)', values);
  const range = h('span', { className: 'row', hidden: true }, field('From', from), field('To', to),
    field('Steps', steps));
  const row = h('div', { className: 'row parameter' }, field('Path', path), field('As', mode), list,
    range, h('button', { type: 'button', onclick: () => { row.remove(); changed(); } }, 'Remove'));
  mode.addEventListener('change', () => {
    list.hidden = mode.value !== 'list';
    range.hidden = mode.value !== 'range';
  });
  row.refill = (paths) => {
    const kept = path.value;
    path.replaceChildren(...paths.map((p) => h('option', { value: p, selected: p === kept }, p)));
  };
  row.refill(state.paths);
  row.value = () => {
    if (mode.value === 'range') {
      return [path.value, { from: Number(from.value), to: Number(to.value), steps: Number(steps.value) }];
    }
    return [path.value, values.value.split(',').map((v) => v.trim()).filter((v) => v !== '')
      .map((v) => (v === 'true' || v === 'false' ? v === 'true' : Number(v)))];
  };
  return row;
}

function definition(scenarioId, ticks, replications, every, keep, series, rows) {
  const parameters = {};
  for (const row of rows.children) {
    const [path, value] = row.value();
    parameters[path] = value;
  }
  return {
    scenarioId, parameters, ticks: Number(ticks.value), replications: Number(replications.value),
    collect: { series: series.filter((b) => b.checked).map((b) => b.value), every: Number(every.value) },
    keepTraces: keep.checked,
  };
}

/** The run count and the quota, from a dry run: nothing is stored or counted. */
async function dryRun(body, summary, submit, context) {
  try {
    const dry = await postJson('/v1/experiments?dryRun=true', body, { signal: context.signal });
    const q = dry.quota;
    const counts = `${formatNumber(dry.runs)} runs (${formatNumber(dry.combinations)} combinations \u00d7 `
      + `${formatNumber(dry.replications)} replications), ${formatNumber(dry.ticksTotal)} ticks.`;
    const quota = ` Quota: ${formatNumber(q.simulationRunsLeft)} of ${formatNumber(q.maxSimulationRuns)}`
      + ` runs left this period; at most ${formatNumber(q.maxRunsPerExperiment)} runs per experiment;`
      + ` ${q.experimentsUnderWay} of ${q.maxConcurrentExperiments} experiments under way.`;
    summary.className = dry.refusal ? 'message error' : 'message';
    summary.textContent = counts + quota + (dry.refusal ? ` Would be refused: ${dry.refusal.message}.` : '');
    submit.disabled = Boolean(dry.refusal);
  } catch (e) {
    if (e.name === 'AbortError') return;
    summary.className = 'message error';
    summary.textContent = e instanceof ApiError ? e.describe() : e.message;
    submit.disabled = true;
  }
}

async function loadList(container, offset) {
  const page = await getJson(`/v1/experiments?limit=${PAGE}&offset=${offset}`);
  const { total } = page.pagination;
  clear(container,
    page.data.length ? h('table', {},
      h('caption', { className: 'visually-hidden' }, 'Experiments'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Created'),
        h('th', { scope: 'col' }, 'Scenario'), h('th', { scope: 'col' }, 'Status'),
        h('th', { scope: 'col', className: 'num' }, 'Runs done'),
        h('th', { scope: 'col', className: 'num' }, 'Combinations'))),
      h('tbody', {}, page.data.map((e) => h('tr', {},
        h('td', {}, h('a', { href: `/console/experiments/${e.id}`, 'data-link': true }, formatTime(e.createdAt))),
        h('td', {}, e.scenarioId ?? '(inline)'), h('td', {}, statusBadge(e.status)),
        h('td', { className: 'num' }, `${formatNumber(e.progress.done)} / ${formatNumber(e.progress.total)}`),
        h('td', { className: 'num' }, formatNumber(e.combinations))))))
      : h('p', {}, 'No experiment yet.'),
    h('nav', { className: 'pager', 'aria-label': 'Experiment pages' },
      h('button', { type: 'button', disabled: offset === 0,
        onclick: () => loadList(container, Math.max(0, offset - PAGE)) }, 'Previous page'),
      h('span', {}, total ? `${offset + 1}\u2013${Math.min(offset + PAGE, total)} of ${total}` : '0 of 0'),
      h('button', { type: 'button', disabled: offset + PAGE >= total,
        onclick: () => loadList(container, offset + PAGE) }, 'Next page')));
}
