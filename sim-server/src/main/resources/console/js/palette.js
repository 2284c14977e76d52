// The colours of the canvases (plots, grid), read from the style sheet's custom properties so that
// there is one palette, light or dark as the system prefers, and every colour meets the contrast
// rule of console.css. Read again when the scheme changes.
const NAMES = ['fg', 'muted', 'panel', 'line', 'held', 'straying', 'free', 'lost', 'removed',
  'attractor', 'attractor-label', 'warning', 'loss', 'paradox', 'decree', 'prophecy', 'policy',
  'status', 'series-b', 'threshold', 'gamma'];

let cached = null;
const scheme = window.matchMedia('(prefers-color-scheme: dark)');

export function palette() {
  if (!cached) {
    const style = getComputedStyle(document.documentElement);
    cached = Object.fromEntries(NAMES.map((n) => [n, style.getPropertyValue(`--${n}`).trim()]));
  }
  return cached;
}

/** Calls redraw after the colour scheme changed; answers a function that stops listening. */
export function onSchemeChange(redraw) {
  const listener = () => {
    cached = null;
    redraw();
  };
  scheme.addEventListener('change', listener);
  return () => scheme.removeEventListener('change', listener);
}

/** A colour with an alpha, for fills: '#rrggbb' and 0.1 give 'rgba(r, g, b, 0.1)'. */
export function alpha(hex, a) {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}
