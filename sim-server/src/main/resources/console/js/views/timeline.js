// The simulation's events as a readable timeline, one line each in words, oldest first; filters
// by kind; a click moves the plots and the grid to the event's tick.
import { h, clear } from '../dom.js';
import { KINDS } from '../events.js';

/** Lines drawn at once: a long run has thousands of warnings; the CSV has them all. */
const SHOWN = 1000;

export class Timeline {
  constructor(onSelect) {
    this.onSelect = onSelect;
    this.entries = [];
    this.shown = 0;
    this.selected = null;
    this.checks = Object.fromEntries(KINDS.map((kind) => [kind,
      h('input', { type: 'checkbox', name: `show-${kind}`, checked: true, onchange: () => this.render() })]));
    this.list = h('ol', { className: 'timeline', 'aria-label': 'Events, oldest first' });
    this.count = h('p', { role: 'status' });
    this.element = h('section', { className: 'panel', 'aria-labelledby': 'timeline-h', 'data-order': 'timeline' },
      h('h2', { id: 'timeline-h' }, 'Timeline'),
      h('fieldset', { className: 'row' }, h('legend', {}, 'Show'),
        KINDS.map((kind) => h('label', { className: `check marker-${kind}` }, this.checks[kind], kind))),
      this.count, this.list);
    this.render();
  }

  wanted(entry) {
    return this.checks[entry.kind]?.checked;
  }

  /** A new event (from the log or the stream), after those already there. */
  add(entry) {
    this.entries.push(entry);
    if (this.wanted(entry)) {
      if (this.shown < SHOWN) {
        this.list.append(this.item(entry));
        this.shown++;
      }
      this.counted();
    }
  }

  render() {
    const matching = this.entries.filter((e) => this.wanted(e));
    clear(this.list, matching.slice(0, SHOWN).map((e) => this.item(e)));
    this.shown = Math.min(matching.length, SHOWN);
    this.counted(matching.length);
  }

  counted(matching = this.entries.filter((e) => this.wanted(e)).length) {
    const all = this.entries.length;
    if (!all) this.count.textContent = 'No event yet.';
    else if (matching > SHOWN) {
      this.count.textContent = `The first ${SHOWN} of ${matching} matching events (${all} in all); `
        + 'narrow the filters, or save the event log as CSV for every one.';
    } else this.count.textContent = `${matching} of ${all} events shown.`;
  }

  item(entry) {
    const button = h('button', { type: 'button', 'data-tick': entry.tick,
      'aria-current': entry.tick === this.selected ? 'true' : null,
      onclick: () => this.select(entry.tick) }, entry.text);
    return h('li', {}, button);
  }

  /** Marks the lines of a tick as the one shown, and tells the page to show it. */
  select(tick, tell = true) {
    this.selected = tick;
    for (const button of this.list.querySelectorAll('button')) {
      button.setAttribute('aria-current', Number(button.dataset.tick) === tick ? 'true' : 'false');
    }
    if (tell) this.onSelect(tick);
  }
}
