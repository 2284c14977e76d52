// A simulation's events in words, one line each ("tick 412: loss of agent a7, magnitude 0.31"):
// the timeline, the plots' markers and the live log say them the same way.

/** The kinds a person filters by, in the order the timeline offers them. */
export const KINDS = ['loss', 'warning', 'paradox', 'prophecy', 'decree', 'policy', 'status'];

/** The kind of an event by its stream name; null for what is no simulation event. */
export function kindOf(name) {
  if (name === 'simulation:status') return 'status';
  return KINDS.includes(name) ? name : null;
}

/** The tick an event belongs to: its data's tick (t for a tick event), else its id's. */
export function tickOf(data, id) {
  const tick = data?.tick ?? data?.t;
  if (typeof tick === 'number') return tick;
  return id ? Number(id.split('-')[0]) : -1;
}

function n(value) {
  return value === null || value === undefined ? '–' : String(value);
}

function policyWords(d) {
  const parts = [];
  if (d.lambda !== undefined) parts.push(`lambda ${d.lambda}`);
  if (d.gamma !== undefined) parts.push(`gamma ${d.gamma}`);
  return parts.join(', ');
}

function payloadWords(payload) {
  return Object.entries(payload ?? {}).map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`)
    .join(', ');
}

/** What happened, in words, without the tick. */
export function describe(name, d) {
  switch (name) {
    case 'loss':
      return `loss of agent ${d.agent}, magnitude ${n(d.magnitude)}${d.basin ? `, from basin ${d.basin}` : ''}`;
    case 'warning': {
      const parts = [];
      if (d.kinds?.includes('stability')) parts.push(`b ${n(d.b)} fell below the threshold ${n(d.threshold)}`);
      if (d.kinds?.includes('gammaFloor')) {
        parts.push(`gamma of ${(d.agents ?? []).join(', ')} near the floor ${n(d.gammaFloor)}`);
      }
      return `warning: ${parts.join('; ') || (d.kinds ?? []).join(', ')}`;
    }
    case 'paradox':
      return `paradox: agent ${d.agent} was foretold lost at tick ${n(d.foretoldTick)} `
        + `by prophecy ${n(d.prophecy)}, and was not (${d.cause})`;
    case 'prophecy':
      return `prophecy ${n(d.seq)} for ticks ${n(d.from)}–${n(d.to)}: `
        + `${d.converged ? 'converged' : 'did not converge'}, predicted b ${n(d.predictedB)}, `
        + `${d.losses?.length ?? 0} foretold loss(es)`;
    case 'decree':
      return `decree ${d.type} ${d.phase === 'applied' ? 'applied' : `submitted for tick ${n(d.tick)}`}`
        + `${Object.keys(d.payload ?? {}).length ? ` (${payloadWords(d.payload)})` : ''}`;
    case 'policy':
      return `policy of agent ${d.agentId} ${d.phase === 'applied' ? 'applied' : `submitted for tick ${n(d.tick)}`}`
        + `${policyWords(d) ? ` (${policyWords(d)})` : ''}`;
    case 'simulation:status':
      return `status ${d.previous} → ${d.status} (${d.reason})`;
    default:
      return `${name} ${JSON.stringify(d).slice(0, 140)}`;
  }
}

/** One line: "tick 412: loss of agent a7, magnitude 0.31". */
export function line(name, data, id) {
  const tick = tickOf(data, id);
  return `${tick < 0 ? 'before tick 0' : `tick ${tick}`}: ${describe(name, data)}`;
}

/** Whether an event marks the plots: what happened at a tick, not what was asked for it. */
export function marksPlots(name, data) {
  if (name === 'decree' || name === 'policy') return data.phase === 'applied';
  return name === 'loss' || name === 'warning' || name === 'paradox' || name === 'prophecy';
}
