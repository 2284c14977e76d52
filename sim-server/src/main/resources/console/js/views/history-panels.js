// A simulation's place in its organization's history, on its page: its name and note (PATCH), a
// run of the same scenario with another seed, and its deletion (docs/simulations.md, "Names,
// notes and deletion").
import { getJson, postJson, patchJson, deleteResource, enc, ApiError } from '../api.js';
import { h, field, showIssues } from '../dom.js';
import { panel } from './simulation-panels.js';

function failure(out) {
  return (e) => {
    out.className = 'message error';
    out.textContent = e instanceof ApiError ? e.describe() : e.message;
  };
}

/** The name and the note: saved together as a merge patch; blank clears. */
export function notesPanel(sim, { canWrite, saved }) {
  const label = h('input', { type: 'text', name: 'label', maxlength: 100, size: 30,
    value: sim.label ?? '', 'data-path': 'label', disabled: !canWrite });
  const note = h('textarea', { name: 'note', maxlength: 2000, rows: 3, cols: 36,
    'data-path': 'note', disabled: !canWrite });
  note.value = sim.note ?? '';
  const out = h('p', { role: 'status' });
  const save = h('button', { type: 'submit', disabled: !canWrite }, 'Save name and note');
  const form = h('form', { 'aria-label': 'Name and note' },
    field('Name', label), field('Note', note), h('div', { className: 'row' }, save), out);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    save.disabled = true;
    out.className = '';
    out.textContent = 'Saving…';
    try {
      const view = await patchJson(`/v1/simulations/${enc(sim.id)}`,
        { label: label.value, note: note.value }, { headers: { 'Content-Type': 'application/merge-patch+json' } });
      showIssues(form, []);
      out.textContent = 'Saved.';
      saved(view);
    } catch (e) {
      if (e instanceof ApiError) showIssues(form, e.issues);
      failure(out)(e);
    } finally {
      save.disabled = !canWrite;
    }
  });
  return panel('Name and note', form);
}

/** A 32-bit seed, as a person would not pick one. */
function anotherSeed(current) {
  let seed;
  do {
    seed = crypto.getRandomValues(new Uint32Array(1))[0];
  } while (seed === current);
  return seed;
}

/**
 * The same scenario (pre-built or inline, as stored) with another seed, on the same engine
 * version: a new simulation, opened.
 */
export function runAgainPanel(sim, { canWrite, navigate }) {
  const seed = h('input', { type: 'number', name: 'seed', step: 1, size: 14, 'data-path': 'seed',
    disabled: !canWrite });
  const out = h('p', { role: 'status' });
  const go = h('button', { type: 'submit', disabled: !canWrite }, 'Run again with another seed');
  const form = h('form', { className: 'row', 'aria-label': 'Run again' }, field('Seed', seed), go);
  let scenario = null;
  const scenarioOf = async () => {
    scenario ??= await getJson(`/v1/simulations/${enc(sim.id)}/scenario`);
    return scenario;
  };
  scenarioOf().then((s) => {
    if (seed.value === '') seed.value = anotherSeed(s.seed);
    out.textContent = `This one runs with seed ${s.seed}.`;
  }).catch(failure(out));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    go.disabled = true;
    try {
      const s = await scenarioOf();
      const body = { seed: Number(seed.value), engineVersion: sim.engineVersion,
        ...(sim.scenarioId ? { scenarioId: sim.scenarioId } : { scenario: s }) };
      const created = await postJson('/v1/simulations', body);
      navigate(`/console/simulations/${created.id}`);
    } catch (e) {
      if (e instanceof ApiError) showIssues(form, e.issues);
      failure(out)(e);
    } finally {
      go.disabled = !canWrite;
    }
  });
  return panel('Run again', form, out);
}

/**
 * Deletion, asked twice; not while the simulation runs. What it costs is said beside the button:
 * the run and its ticks stay counted.
 */
export function deletePanel(sim, { canWrite, navigate, showNotice }) {
  const out = h('p', { role: 'status' });
  const ask = h('button', { type: 'button', className: 'danger' }, 'Delete this simulation');
  const confirm = h('button', { type: 'button', className: 'danger', hidden: true },
    'Yes, delete it for good');
  const keep = h('button', { type: 'button', hidden: true }, 'Keep it');
  let status = sim.status;
  const setStatus = (s) => {
    status = s;
    ask.disabled = !canWrite || s === 'running';
    out.textContent = s === 'running' ? 'A running simulation is not deleted: pause it first.' : '';
  };
  const asking = (yes) => {
    ask.hidden = yes;
    confirm.hidden = !yes;
    keep.hidden = !yes;
  };
  ask.addEventListener('click', () => {
    asking(true);
    confirm.focus();
  });
  keep.addEventListener('click', () => asking(false));
  confirm.addEventListener('click', async () => {
    confirm.disabled = true;
    try {
      await deleteResource(`/v1/simulations/${enc(sim.id)}`);
      navigate('/console/simulations');
      showNotice(`The simulation ${sim.label ?? sim.id} was deleted.`);
    } catch (e) {
      asking(false);
      failure(out)(e);
    } finally {
      confirm.disabled = false;
    }
  });
  setStatus(status);
  const element = panel('Delete',
    h('p', {}, 'Deleting removes the simulation with its decrees, prophecies and history. The run ',
      'and the ticks it used stay counted in this billing period.'),
    h('div', { className: 'row' }, ask, confirm, keep), out);
  return { element, setStatus };
}
