// View 5: the organization's usage against its license limits, and the usage history as a chart.
import uPlot from '/console/vendor/uplot/uPlot.esm.js';
import { getJson, enc, ApiError } from '../api.js';
import { palette } from '../palette.js';
import { h, clear, field, formatNumber, formatPeriod } from '../dom.js';

/** The caller's role in words. */
const ROLES = { owner: 'owner', member: 'member', api_key: 'API key of this organization' };

export function render(main, params, { showNotice }) {
  document.title = 'Organization · Causality console';
  const body = h('div', {});
  clear(main, h('h1', {}, 'Organization'), body);
  let chart = null;
  const fail = (e) => showNotice(e instanceof ApiError ? e.describe() : e.message);
  const show = async (org) => {
    if (chart) chart.destroy();
    chart = await showOrganization(body, org).catch(fail);
  };
  getJson('/v1/organizations').then(({ data }) => {
    if (!data.length) {
      clear(body, h('p', {}, 'You belong to no organization.'));
      return;
    }
    if (data.length > 1) main.insertBefore(picker(data, show), body);
    show(data[0]);
  }).catch(fail);
  return () => chart && chart.destroy();
}

function picker(orgs, show) {
  const select = h('select', { name: 'organization' },
    orgs.map((o) => h('option', { value: o.id }, o.name)));
  select.addEventListener('change', () => show(orgs.find((o) => o.id === select.value)));
  return h('div', { className: 'row' }, field('Organization', select));
}

async function showOrganization(body, org) {
  const base = `/v1/organizations/${enc(org.id)}`;
  const [summary, history, license] = await Promise.all([
    getJson(`${base}/usage/summary`), getJson(`${base}/usage/history?periods=12`),
    getJson(`${base}/license`).catch((e) => (e.status === 404 ? null : Promise.reject(e)))]);
  const chartBox = h('div', {});
  clear(body,
    h('h2', {}, org.name),
    h('p', {}, `Slug ${org.slug} · your role: ${ROLES[org.role] ?? org.role ?? 'member'}`),
    h('section', { className: 'panel', 'aria-labelledby': 'usage-h' },
      h('h2', { id: 'usage-h' }, 'Usage this period'),
      h('p', {}, formatPeriod(summary.periodStart, summary.periodEnd)),
      usageTable(summary, license)),
    h('section', { className: 'panel', 'aria-labelledby': 'license-h' },
      h('h2', { id: 'license-h' }, 'License'), licenseFacts(license)),
    h('section', { className: 'panel', 'aria-labelledby': 'history-h' },
      h('h2', { id: 'history-h' }, 'Usage history'), chartBox, historyTable(history.data)));
  return historyChart(chartBox, history.data);
}

function usageTable(summary, license) {
  const limits = summary.limits ?? {};
  const rows = [
    ['Simulation runs', summary.simulationRuns, limits.maxSimulationRuns],
    ['Ticks computed', summary.tickCount, null],
    ['API calls', summary.apiCalls, null],
    ['Ticks per run (limit)', null, limits.maxTicksPerRun],
    ['Concurrent live streams (limit)', null, license?.limits?.maxConcurrentSSE],
  ];
  return h('div', { className: 'table-wrap' }, h('table', {},
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Measure'),
      h('th', { scope: 'col', className: 'num' }, 'Used'), h('th', { scope: 'col', className: 'num' }, 'Limit'),
      h('th', { scope: 'col' }, 'Share of the limit'))),
    h('tbody', {}, rows.map(([name, used, limit]) => h('tr', {},
      h('th', { scope: 'row' }, name), h('td', { className: 'num' }, formatNumber(used)),
      h('td', { className: 'num' }, limit === null || limit === undefined ? '' : formatNumber(limit)),
      h('td', {}, used !== null && limit ? h('meter', { min: 0, max: limit, value: used, low: limit * 0.7,
        high: limit * 0.9, optimum: 0, 'aria-label': `${name}: ${used} of ${limit}` }) : ''))))));
}

function licenseFacts(license) {
  if (!license) return h('p', {}, 'No license on record.');
  return h('dl', { className: 'facts' },
    h('dt', {}, 'Tier'), h('dd', {}, license.tier), h('dt', {}, 'Status'), h('dd', {}, license.status),
    h('dt', {}, 'Period'), h('dd', {}, formatPeriod(license.currentPeriodStart, license.currentPeriodEnd)));
}

function historyTable(items) {
  const headings = [['Period', ''], ['Simulation runs', 'num'], ['Ticks', 'num'], ['API calls', 'num']];
  return h('div', { className: 'table-wrap' }, h('table', {},
    h('caption', { className: 'visually-hidden' }, 'Usage by period'),
    h('thead', {}, h('tr', {}, headings.map(([t, c]) => h('th', { scope: 'col', className: c }, t)))),
    h('tbody', {}, items.map((i) => h('tr', {}, h('td', {}, formatPeriod(i.periodStart, i.periodEnd)),
      h('td', { className: 'num' }, formatNumber(i.simulationRuns)),
      h('td', { className: 'num' }, formatNumber(i.tickCount)),
      h('td', { className: 'num' }, formatNumber(i.apiCalls)))))));
}

function historyChart(box, items) {
  const ordered = [...items].sort((a, b) => a.periodStart.localeCompare(b.periodStart));
  const x = ordered.map((i) => Date.parse(i.periodStart) / 1000);
  const width = Math.max(240, box.clientWidth - 8);
  const colours = palette();
  const axis = { stroke: colours.muted, grid: { stroke: colours.line, width: 1 },
    ticks: { stroke: colours.line } };
  return new uPlot({
    width, height: 200,
    series: [{}, { label: 'simulation runs', stroke: colours.free, width: 2 },
      { label: 'API calls', stroke: colours.held, width: 2, scale: 'calls' },
      { label: 'ticks', stroke: colours.straying, width: 2, scale: 'calls' }],
    axes: [axis, { ...axis, label: 'runs' }, { ...axis, scale: 'calls', side: 1, label: 'calls, ticks' }],
  }, [x, ordered.map((i) => i.simulationRuns), ordered.map((i) => i.apiCalls),
    ordered.map((i) => i.tickCount)], box);
}
