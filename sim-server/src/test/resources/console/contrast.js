// Measures, as WCAG 2.x defines it, the contrast of every piece of visible text on the page
// against what it is drawn on, and of the canvases' colours against the panel: answers the
// failures (below 4.5:1) as lines of text. Run by ConsoleLayoutIntegrationTest in the page.
const MINIMUM = 4.5;

function parse(colour) {
  const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(colour);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const digits = hex[1].length === 3 ? hex[1].replace(/./g, '$&$&') : hex[1];
    const n = Number.parseInt(digits, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  throw new Error(`not a colour: ${colour}`);
}

function over(top, bottom) {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1);
}

function luminance([r, g, b]) {
  const f = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

function ratio(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The opaque colour behind an element: its backgrounds and its ancestors', composed. */
function background(element) {
  const layers = [];
  for (let e = element; e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c[3] > 0) layers.push(c);
    if (c[3] === 1) break;
  }
  let colour = [255, 255, 255, 1];
  for (let i = layers.length - 1; i >= 0; i--) colour = over(layers[i], colour);
  return colour;
}

function disabled(element) {
  return Boolean(element.closest('button:disabled, input:disabled, select:disabled, fieldset:disabled'));
}

function visible(element) {
  const style = getComputedStyle(element);
  if (style.visibility === 'hidden' || style.display === 'none') return false;
  const r = element.getBoundingClientRect();
  return r.width > 1 && r.height > 1 && !element.closest('.visually-hidden, [hidden]');
}

const failures = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const seen = new Set();
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const element = node.parentElement;
  if (!node.textContent.trim() || seen.has(element) || !visible(element) || disabled(element)) continue;
  seen.add(element);
  const bg = background(element);
  const fg = over(parse(getComputedStyle(element).color), bg);
  const r = ratio(fg, bg);
  if (r < MINIMUM) {
    failures.push(`${r.toFixed(2)}:1 "${node.textContent.trim().slice(0, 40)}" `
      + `(${getComputedStyle(element).color} on rgb(${bg.slice(0, 3).join(', ')}))`);
  }
}
// The colours the plots and the grid draw with, against the panel they are drawn on.
const style = getComputedStyle(document.documentElement);
const panel = parse(style.getPropertyValue('--panel'));
for (const name of ['fg', 'muted', 'held', 'straying', 'free', 'lost', 'removed', 'attractor',
  'attractor-label', 'warning', 'loss', 'paradox', 'decree', 'prophecy', 'policy', 'series-b',
  'threshold', 'gamma', 'running', 'paused', 'created', 'completed']) {
  const r = ratio(parse(style.getPropertyValue(`--${name}`)), panel);
  if (r < MINIMUM) failures.push(`${r.toFixed(2)}:1 canvas colour --${name}`);
}
return failures;
