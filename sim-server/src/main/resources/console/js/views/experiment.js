// One experiment: its definition and live progress (its event stream), then per combination a
// fan chart of each collected series (median, 5-95 % band; up to five combinations overlaid), and
// a sortable table of its runs with a CSV download and links to the runs kept as simulations.
import uPlot from '/console/vendor/uplot/uPlot.esm.js';
import { getJson, postJson, send, enc, ApiError } from '../api.js';
import { h, clear, field, statusBadge, formatTime, formatNumber } from '../dom.js';

const COLOURS = ['#1f5fbf', '#b3261e', '#1b7f3b', '#7a1fa2', '#c26a00'];
const MAX_OVERLAID = 5;
const TABLE_RUNS = 1000;

export function render(main, [id], { navigate, showNotice }) {
  document.title = 'Experiment · Causality console';
  const aborter = new AbortController();
  const view = { id, main, navigate, showNotice, signal: aborter.signal, chart: null };
  show(view).catch((e) => {
    if (e.name !== 'AbortError') showNotice(e instanceof ApiError ? e.describe() : e.message);
  });
  return () => {
    aborter.abort();
    if (view.chart) view.chart.destroy();
  };
}

async function show(view) {
  const experiment = await getJson(`/v1/experiments/${enc(view.id)}`, { signal: view.signal });
  const facts = h('dl', { className: 'facts' });
  const progress = h('progress', { max: 1, value: 0, 'aria-label': 'Runs done' });
  const progressText = h('p', { role: 'status', 'aria-live': 'polite' });
  const cancel = h('button', { type: 'button' }, 'Cancel experiment');
  const results = h('div', {});
  clear(view.main, h('h1', {}, `Experiment of ${experiment.scenarioId ?? 'an inline scenario'}`),
    h('section', { className: 'panel', 'aria-labelledby': 'summary-h' },
      h('h2', { id: 'summary-h' }, 'Summary'), facts),
    h('section', { className: 'panel', 'aria-labelledby': 'progress-h' },
      h('h2', { id: 'progress-h' }, 'Progress'), progress, progressText, cancel),
    results);
  const update = (e) => {
    showFacts(facts, e);
    const p = e.progress;
    progress.max = p.total;
    progress.value = p.done + p.failed;
    progressText.textContent = `${e.status}: ${formatNumber(p.done)} done, ${formatNumber(p.running)}`
      + ` running, ${formatNumber(p.failed)} failed of ${formatNumber(p.total)} runs.`;
    cancel.hidden = !(e.status === 'queued' || e.status === 'running');
  };
  cancel.addEventListener('click', async () => {
    try {
      update(await postJson(`/v1/experiments/${enc(view.id)}/cancel`, {}));
    } catch (e) {
      view.showNotice(e instanceof ApiError ? e.describe() : e.message);
    }
  });
  update(experiment);
  let current = experiment;
  if (current.status === 'queued' || current.status === 'running') {
    current = await follow(view, update);
  }
  if (current.status === 'completed') await showResults(view, current, results);
  else if (current.status !== 'queued' && current.status !== 'running') await showRuns(view, current, results);
}

function showFacts(facts, e) {
  const params = e.parameters.map((p) => `${p.path}: ${p.values.join(', ')}`).join('; ') || 'none';
  const rows = [['Status', statusBadge(e.status)], ['Engine', e.engineVersion],
    ['Parameters', params], ['Combinations', formatNumber(e.combinations)],
    ['Replications', formatNumber(e.replications)], ['Ticks per run', formatNumber(e.ticks)],
    ['Collected', `${e.collect.series.join(', ')} every ${e.collect.every} ticks`],
    ['Created', formatTime(e.createdAt)], ['Id', e.id]];
  clear(facts, rows.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]));
}

/**
 * Follows the event stream until the experiment leaves queued and running; reconnects with
 * Last-Event-ID, reading the experiment again on every progress event.
 */
async function follow(view, update) {
  let lastId = '0';
  for (let wait = 1000; !view.signal.aborted; wait = Math.min(wait * 2, 30000)) {
    try {
      const response = await send('GET', `/v1/experiments/${enc(view.id)}/events`,
        { accept: 'text/event-stream', headers: { 'Last-Event-ID': lastId }, signal: view.signal });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (frame.id) lastId = frame.id;
          if (frame.name === 'progress' || frame.name === 'experiment:status') {
            const e = await getJson(`/v1/experiments/${enc(view.id)}`, { signal: view.signal });
            update(e);
            if (e.status !== 'queued' && e.status !== 'running') {
              reader.cancel();
              return e;
            }
          }
        }
      }
    } catch (e) {
      if (view.signal.aborted) throw e;
      if (e instanceof ApiError && e.status === 429 && e.retryAfter) wait = e.retryAfter * 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  throw new DOMException('left the page', 'AbortError');
}

function parse(text) {
  const frame = { name: 'message', id: null, data: [] };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const key = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (key === 'event') frame.name = value;
    else if (key === 'id') frame.id = value;
    else if (key === 'data') frame.data.push(value);
  }
  return frame;
}

async function showResults(view, experiment, container) {
  const aggregates = [];
  for (let offset = 0; offset < experiment.combinations; offset += 200) {
    const page = await getJson(`/v1/experiments/${enc(view.id)}/aggregates?limit=200&offset=${offset}`,
      { signal: view.signal });
    aggregates.push(...page.data);
  }
  const seriesNames = experiment.collect.series;
  const which = h('select', { name: 'series' }, seriesNames.map((s) => h('option', { value: s }, s)));
  const boxes = aggregates.map((a, i) => h('input', { type: 'checkbox', name: 'combination',
    value: i, checked: i < Math.min(3, MAX_OVERLAID) }));
  const holder = h('div', { className: 'fan-chart' });
  const note = h('p', { role: 'status' });
  const redraw = () => {
    let chosen = boxes.filter((b) => b.checked).map((b) => aggregates[Number(b.value)]);
    if (chosen.length > MAX_OVERLAID) {
      note.textContent = `At most ${MAX_OVERLAID} combinations at once: the first ${MAX_OVERLAID} chosen are drawn.`;
      chosen = chosen.slice(0, MAX_OVERLAID);
    } else {
      note.textContent = `${chosen.length} combination${chosen.length === 1 ? '' : 's'} drawn: `
        + 'the line is the median, the band the 5th to 95th percentile.';
    }
    if (view.chart) view.chart.destroy();
    view.chart = fanChart(holder, which.value, chosen);
  };
  which.addEventListener('change', redraw);
  boxes.forEach((b) => b.addEventListener('change', redraw));
  clear(container,
    h('section', { className: 'panel', 'aria-labelledby': 'fan-h' },
      h('h2', { id: 'fan-h' }, 'Fan charts'),
      seriesNames.length ? [h('div', { className: 'row' }, field('Series', which)),
        h('fieldset', { className: 'combinations' }, h('legend', {}, 'Combinations'),
          aggregates.map((a, i) => h('label', { className: 'inline' }, boxes[i], describe(a)))),
        holder, note] : h('p', {}, 'No series was collected.')),
    h('div', { id: 'runs-section' }));
  if (seriesNames.length) redraw();
  await showRuns(view, experiment, container.querySelector('#runs-section'));
}

function describe(aggregate) {
  const params = Object.entries(aggregate.parameters).map(([k, v]) => `${k} = ${v}`).join(', ');
  return `#${aggregate.combination}${params ? ` (${params})` : ''}, ${aggregate.runs} runs`;
}

/** uPlot, one median line and one 5-95 % band (between two hidden lines) per combination. */
function fanChart(holder, name, chosen) {
  holder.replaceChildren();
  if (!chosen.length) return null;
  const ticks = chosen[0].series[name]?.ticks ?? [];
  const series = [{ label: 'tick' }];
  const data = [ticks];
  const bands = [];
  chosen.forEach((a, i) => {
    const s = a.series[name];
    const colour = COLOURS[i % COLOURS.length];
    series.push({ label: `#${a.combination} p95`, stroke: colour, width: 0, points: { show: false } });
    series.push({ label: `#${a.combination} p5`, stroke: colour, width: 0, points: { show: false } });
    series.push({ label: `#${a.combination} median`, stroke: colour, width: 2, points: { show: false } });
    data.push(s.p95, s.p5, s.p50);
    bands.push({ series: [data.length - 3, data.length - 2], fill: `${colour}33` });
  });
  const width = Math.max(320, holder.clientWidth - 8);
  return new uPlot({ width, height: 280, series, bands, scales: { x: { time: false } },
    axes: [{ label: 'tick', size: 40 }, { label: name, size: 60 }] }, data, holder);
}

async function showRuns(view, experiment, container) {
  const page = await getJson(`/v1/experiments/${enc(view.id)}/runs?limit=200`, { signal: view.signal });
  const runs = [...page.data];
  for (let offset = 200; offset < Math.min(page.pagination.total, TABLE_RUNS); offset += 200) {
    runs.push(...(await getJson(`/v1/experiments/${enc(view.id)}/runs?limit=200&offset=${offset}`,
      { signal: view.signal })).data);
  }
  const paths = experiment.parameters.map((p) => p.path);
  const outcomes = experiment.collect.outcomes;
  const columns = [['run', (r) => r.run], ['combination', (r) => r.combination],
    ['replication', (r) => r.replication], ...paths.map((p) => [p, (r) => r.parameters[p]]),
    ['seed', (r) => r.seed], ['status', (r) => r.status],
    ...outcomes.map((o) => [o, (r) => r.outcomes?.[o] ?? null])];
  const table = h('table', { className: 'outcomes' });
  const state = { by: 0, ascending: true };
  const draw = () => {
    const [, key] = columns[state.by];
    const sorted = [...runs].sort((a, b) => compare(key(a), key(b)) * (state.ascending ? 1 : -1));
    clear(table, h('caption', { className: 'visually-hidden' }, 'Runs'),
      h('thead', {}, h('tr', {}, columns.map(([name], i) => h('th', { scope: 'col',
        'aria-sort': i === state.by ? (state.ascending ? 'ascending' : 'descending') : null },
      h('button', { type: 'button', className: 'sort', onclick: () => {
        state.ascending = state.by === i ? !state.ascending : true;
        state.by = i;
        draw();
      } }, name))), h('th', { scope: 'col' }, 'Trace'))),
      h('tbody', {}, sorted.map((r) => h('tr', {}, columns.map(([, key]) =>
        h('td', { className: 'num' }, text(key(r)))),
      h('td', {}, r.simulationId ? h('a', { href: `/console/simulations/${r.simulationId}`,
        'data-link': true }, 'Simulation') : (r.error ?? ''))))));
  };
  const download = h('button', { type: 'button' }, 'Download CSV');
  download.addEventListener('click', () => csv(view, download));
  clear(container, h('section', { className: 'panel', 'aria-labelledby': 'runs-h' },
    h('h2', { id: 'runs-h' }, 'Runs'),
    h('p', {}, `${formatNumber(page.pagination.total)} runs stored`
      + (page.pagination.total > TABLE_RUNS ? `; the first ${TABLE_RUNS} are shown, the CSV has all.` : '.')),
    download, h('div', { className: 'table-scroll' }, table)));
  draw();
}

function compare(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

function text(v) {
  return v === null || v === undefined ? '' : String(v);
}

/** Every run as CSV, fetched with the credential in a header and saved as a file. */
async function csv(view, button) {
  button.disabled = true;
  try {
    const response = await send('GET', `/v1/experiments/${enc(view.id)}/runs`, { accept: 'text/csv' });
    const url = URL.createObjectURL(await response.blob());
    const link = h('a', { href: url, download: `experiment-${view.id}-runs.csv`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (e) {
    view.showNotice(e instanceof ApiError ? e.describe() : e.message);
  } finally {
    button.disabled = false;
  }
}
