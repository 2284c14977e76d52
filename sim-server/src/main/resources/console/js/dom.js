// Builds elements without innerHTML: everything the API answers is shown as text.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else if (name === 'className') el.className = value;
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

let fieldCount = 0;
/** A labelled field: the label wraps its input, so screen readers and tests find it by name. */
export function field(labelText, input) {
  if (!input.id) input.id = `f${++fieldCount}`;
  return h('label', { for: input.id }, labelText, input);
}

export function statusBadge(status) {
  return h('span', { className: `status ${status}` }, ` ${status}`);
}

export function formatTime(iso) {
  return iso ? new Date(iso).toLocaleString() : '';
}

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A billing period as days: its end is exclusive (the next period's first instant, midnight UTC),
 * so the last day shown is the one before it: "1 Nov 2026 – 30 Nov 2026".
 */
export function formatPeriod(startIso, endIso) {
  if (!startIso || !endIso) return 'no period';
  const lastDay = new Date(Date.parse(endIso) - 1);
  return `${DAY.format(new Date(startIso))} – ${DAY.format(lastDay)} (UTC)`;
}

export function formatNumber(n) {
  return n === null || n === undefined ? '' : Number(n).toLocaleString();
}

/** After a view is drawn, the focus goes to its heading, as a new page's would. */
export function focusHeading(main) {
  const heading = main.querySelector('h1');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

/**
 * Shows the service's validation issues at their fields: each field has a data-path (the issue's
 * dotted path, "scenario.agents[0].marker.x"); a field with an issue is marked invalid and its
 * message is put next to it, tied by aria-describedby. Answers the issues no field has.
 */
export function showIssues(form, issues) {
  for (const old of form.querySelectorAll('.field-error')) old.remove();
  for (const input of form.querySelectorAll('[aria-invalid]')) {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
  const unplaced = [];
  for (const issue of issues) {
    const input = fieldOf(form, issue.path);
    if (!input) {
      unplaced.push(issue);
      continue;
    }
    const message = h('span', { className: 'field-error', id: `${input.id}-error` },
      `${issue.path}: ${issue.message}`);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', message.id);
    (input.closest('label') ?? input).after(message);
  }
  return unplaced;
}

/** The field of a path, or of the nearest member above it (a weight's issue on its map's field). */
function fieldOf(form, path) {
  for (let p = path; p; p = p.replace(/(\.[^.[\]]*|\[\d+\])$/, '')) {
    const input = form.querySelector(`[data-path="${CSS.escape(p)}"]`);
    if (input) return input;
    if (!/[.[]/.test(p)) break;
  }
  return null;
}
