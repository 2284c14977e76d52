// The grid on a canvas: attractors with their basins, agents coloured and shaped by status
// (shape as well as colour, so that status does not rest on colour alone), in the palette of the
// style sheet (light or dark).
import { palette, alpha } from './palette.js';

export const STATUSES = ['free', 'held', 'straying', 'lost', 'removed'];
export const SHAPE_NAMES = { held: 'circle', straying: 'triangle', free: 'square', lost: 'cross',
  removed: 'ring' };

/**
 * Draws one picture. agents: {length, x(i), y(i), status(i)} with status an index into STATUSES.
 */
export function drawGrid(canvas, grid, attractors, agents, { labels = true } = {}) {
  const ctx = fit(canvas);
  const size = Math.min(canvas.width, canvas.height);
  const scale = size / Math.max(grid.width, grid.height);
  const colours = palette();
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = colours.panel;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (const a of attractors) drawAttractor(ctx, a, scale, labels, colours);
  const r = Math.max(2, size / 120);
  for (let i = 0; i < agents.length; i++) {
    const status = STATUSES[agents.status(i)];
    drawAgent(ctx, colours[status] ?? colours.fg, status, agents.x(i) * scale, agents.y(i) * scale, r);
  }
}

function fit(canvas) {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round((canvas.clientWidth || canvas.width) * ratio);
  const height = Math.round((canvas.clientHeight || canvas.height) * ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  return canvas.getContext('2d');
}

function drawAttractor(ctx, a, scale, labels, colours) {
  const x = a.x * scale;
  const y = a.y * scale;
  ctx.beginPath();
  ctx.arc(x, y, a.radius * scale, 0, Math.PI * 2);
  ctx.fillStyle = alpha(colours.attractor, 0.1);
  ctx.fill();
  ctx.setLineDash([4, 3]);
  ctx.strokeStyle = colours.attractor;
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x - 6, y); ctx.lineTo(x + 6, y); ctx.moveTo(x, y - 6); ctx.lineTo(x, y + 6);
  ctx.stroke();
  ctx.lineWidth = 1;
  if (labels) {
    ctx.fillStyle = colours['attractor-label'];
    ctx.font = `${Math.max(11, scale * 3)}px system-ui, sans-serif`;
    ctx.fillText(a.name, x + 8, y - 8);
  }
}

function drawAgent(ctx, colour, status, x, y, r) {
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;
  ctx.beginPath();
  if (status === 'held' || status === undefined) {
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  } else if (status === 'straying') {
    ctx.moveTo(x, y - r * 1.2); ctx.lineTo(x + r * 1.1, y + r); ctx.lineTo(x - r * 1.1, y + r);
    ctx.closePath();
    ctx.fill();
  } else if (status === 'free') {
    ctx.rect(x - r, y - r, r * 2, r * 2);
    ctx.fill();
  } else if (status === 'lost') {
    ctx.lineWidth = 2;
    ctx.moveTo(x - r, y - r); ctx.lineTo(x + r, y + r); ctx.moveTo(x + r, y - r); ctx.lineTo(x - r, y + r);
    ctx.stroke();
    ctx.lineWidth = 1;
  } else {
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.stroke();
  }
}

/** Agents from snapshots ({id, state: {x, y, status}}) or a scenario's (marker: no status yet). */
export function snapshotAgents(list) {
  return {
    length: list.length,
    x: (i) => list[i].state?.x ?? list[i].marker.x,
    y: (i) => list[i].state?.y ?? list[i].marker.y,
    status: (i) => STATUSES.indexOf(list[i].state?.status),
  };
}
