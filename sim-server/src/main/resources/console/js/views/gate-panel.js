// The state gate of a simulation: evaluate, submit a rejection to the coordinator, and the latest
// evaluations with what became of the override requests they escalated. The console only reads
// those requests (through sim-server, which asks the coordinator with its own caller): deciding
// them stays with the coordinator's operators.
import { getJson, postJson, enc, ApiError } from '../api.js';
import { h, clear, formatTime } from '../dom.js';
import { panel } from './simulation-panels.js';

/** The evaluations listed: the latest ten, and so at most ten override requests read. */
const LISTED = 10;

const SUBMISSIONS = {
  SUBMITTED: 'submitted as override request',
  DEDUPLICATED: 'joined the pending override request',
  REFUSED: 'refused by the coordinator',
  UNAVAILABLE: 'not submitted: the coordinator did not answer',
};

const DECISIONS = {
  PARTIAL_APPROVAL: 'approved (more approvals needed)',
  APPROVED: 'approved',
  DENIED: 'denied',
};

/**
 * The panel. The override requests are read when it opens, after an evaluation, and on Refresh;
 * never on the live view's events, so a busy simulation costs the coordinator nothing.
 */
export function gatePanel(id, { fail, canWrite, signal }) {
  const out = h('div', { role: 'status' });
  const history = h('div', {});
  const list = () => listEvaluations(id, history, signal).catch((e) => shown(e, out, fail));
  const evaluate = async (submit) => {
    clear(out, submit ? 'Submitting…' : 'Evaluating…');
    try {
      show(await postJson(`/v1/simulations/${enc(id)}/evaluations`, { submit }, { signal }));
    } catch (e) {
      clear(out);
      shown(e, out, fail);
    }
    list();
  };
  const show = (answer) => {
    const r = answer.evaluationResponse;
    clear(out, h('p', {}, `Decision: ${r.decision}`, r.reasonCode ? ` (${r.reasonCode})` : ''),
      answer.coordinatorRequestId
        ? h('p', {}, `Submitted to the coordinator: request ${answer.coordinatorRequestId}`) : null,
      answer.submission && !answer.coordinatorRequestId
        ? h('p', {}, `Submission: ${answer.submission.status} ${answer.submission.errorCode ?? ''}`) : null,
      r.decision !== 'PASS' && !answer.submission
        ? h('button', { type: 'button', onclick: () => evaluate(true), disabled: !canWrite },
          'Submit to the coordinator')
        : null);
  };
  list();
  return panel('State gate',
    h('button', { type: 'button', onclick: () => evaluate(false), disabled: !canWrite },
      'Evaluate against the gate'), out,
    h('div', { className: 'row heading-row' }, h('h3', {}, 'Evaluations of this simulation'),
      h('button', { type: 'button', onclick: list }, 'Refresh')),
    history);
}

/** Tells a failure in the panel; a page left meanwhile (AbortError) tells nothing. */
function shown(e, out, fail) {
  if (e.name === 'AbortError') return;
  out.textContent = e instanceof ApiError ? e.describe() : e.message;
  out.className = 'message error';
  if (!(e instanceof ApiError)) fail(e);
}

/**
 * The latest evaluations, newest first: decision, the override request each became, and what the
 * coordinator did with it. A refresh that an older one overtakes is dropped, not drawn over it.
 */
async function listEvaluations(id, box, signal) {
  const turn = (box.turn = (box.turn ?? 0) + 1);
  const page = await getJson(`/v1/simulations/${enc(id)}/evaluations?limit=${LISTED}`, { signal });
  if (turn !== box.turn) return;
  if (!page.data.length) {
    clear(box, h('p', {}, 'No evaluation yet.'));
    return;
  }
  const notice = h('p', { role: 'status' });
  const items = page.data.map((e) => ({ evaluation: e, detail: h('div', { className: 'override' }) }));
  clear(box, notice, h('ul', { className: 'evaluations', 'aria-label': 'Evaluations' },
    items.map(({ evaluation, detail }) => h('li', {}, summary(evaluation), detail))),
  h('p', {}, `${page.data.length} of ${page.pagination.total}, newest first.`));
  await showOverrideRequests(id, items, notice, signal);
}

function summary(e) {
  const s = e.submission;
  const submitted = s ? ` · ${SUBMISSIONS[s.status] ?? s.status}${s.coordinatorRequestId
    ? ` ${s.coordinatorRequestId}` : ''}${s.errorCode ? ` (${s.errorCode})` : ''}` : '';
  return `tick ${e.tick}: ${e.decision}${e.reasonCode ? ` (${e.reasonCode})` : ''}`
    + `${submitted} · by ${e.requestedBy}, ${formatTime(e.createdAt)}`;
}

/**
 * Reads each override request once (several evaluations may have joined one pending request),
 * through the newest evaluation that escalated it, and shows it under each of them. When the
 * coordinator cannot be asked (503), one line above the list says so and the rest of the panel
 * stays as it is.
 */
async function showOverrideRequests(id, items, notice, signal) {
  const byRequest = new Map();
  for (const item of items) {
    const requestId = item.evaluation.submission?.coordinatorRequestId;
    if (!requestId) continue;
    if (!byRequest.has(requestId)) byRequest.set(requestId, []);
    byRequest.get(requestId).push(item);
  }
  const failures = await Promise.all([...byRequest.values()].map(async (escalated) => {
    const path = `/v1/simulations/${enc(id)}/evaluations/${enc(escalated[0].evaluation.id)}`
      + '/override-request';
    try {
      const request = await getJson(path, { signal });
      for (const { detail } of escalated) clear(detail, describeRequest(request));
      return null;
    } catch (e) {
      if (e.name === 'AbortError') return null;
      const told = e instanceof ApiError && e.status === 404
        ? `The coordinator no longer shows this request (${e.message}).`
        : 'What the coordinator did with this request is not known now.';
      for (const { detail } of escalated) clear(detail, h('p', { className: 'override-unknown' }, told));
      return e;
    }
  }));
  const failure = failures.find((e) => e && !(e instanceof ApiError && e.status === 404));
  if (failure) {
    notice.className = 'message error';
    notice.textContent = unavailable(failure);
  }
}

function unavailable(e) {
  if (!(e instanceof ApiError)) return e.message;
  if (e.code === 'COORDINATOR_UNAVAILABLE') {
    return 'The coordinator cannot be reached just now, so what became of the override requests '
      + 'is not shown. Press Refresh to try again.';
  }
  if (e.code === 'EVALUATION_DISABLED') {
    return `The override requests cannot be read: ${e.message}.`;
  }
  return e.describe();
}

/** One override request: its status, the operators' decisions, the redemption and the override. */
function describeRequest(r) {
  const status = r.status.toLowerCase();
  return [
    h('p', {}, h('span', { className: `override-status ${status}` }, ` ${r.status}`),
      ` · approvals: ${r.approvals} of ${r.requiredApprovals}`,
      r.status === 'PENDING' ? ` · expires ${formatTime(r.requestExpiresAt)}` : '',
      r.status === 'EXPIRED' ? ` · expired ${formatTime(r.requestExpiresAt)} without a decision` : ''),
    r.decisions.length
      ? h('ul', { className: 'decisions', 'aria-label': 'Decisions' }, r.decisions.map((d) =>
        h('li', {}, `${DECISIONS[d.decision] ?? d.decision} by ${d.operator}, ${formatTime(d.at)}`,
          d.note ? ` — “${d.note}”` : '')))
      : null,
    outcome(r),
  ];
}

/** What happened to the token, once there is one. */
function outcome(r) {
  if (r.applied) {
    return h('p', {}, `Token redeemed ${formatTime(r.redemption?.at ?? r.applied.appliedAt)}`
      + `${r.redemption ? ` by ${r.redemption.by}` : ''}; applied here to evaluation request `
      + `${r.applied.evaluationRequestId}: its REJECT_STATE became PASS.`);
  }
  if (r.redemption) {
    return h('p', {}, `Token redeemed ${formatTime(r.redemption.at)} by ${r.redemption.by}, `
      + 'not applied by this service.');
  }
  if (r.tokenId) {
    return h('p', {}, `Token ${r.tokenId} issued; not applied yet.`);
  }
  return null;
}
