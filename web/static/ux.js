// What the app does around the games: a confirmation dialog, buttons that
// cannot start something twice, a move list that follows the newest move,
// and the names of the computer players.

import { t } from './i18n.js';
import { drawnOf } from './drawn.js';

// w is t: the app has one table of words (i18n.js).
export const w = t;

export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

// linkify escapes a text and makes its web addresses links.
export function linkify(text) {
  return esc(text).replace(/https?:\/\/[^\s&<>"]*[^\s&<>".,;:)]/g, (u) => `<a href="${u}" rel="noopener">${u}</a>`);
}

// ask shows a modal dialog with a question and two buttons and resolves
// to true for yes. The focus goes back where it was.
export function ask(question, yes) {
  return new Promise((resolve) => {
    const back = document.activeElement;
    const d = document.createElement('dialog');
    d.className = 'ask';
    d.setAttribute('aria-labelledby', 'ask-q');
    d.innerHTML = `<p id="ask-q">${esc(question)}</p><div class="askbuttons"><button type="button" class="primary" data-yes>${esc(yes)}</button><button type="button" data-no>${esc(w('cancel'))}</button></div>`;
    document.body.appendChild(d);
    const done = (v) => {
      d.close();
      d.remove();
      if (back && back.isConnected) back.focus();
      resolve(v);
    };
    d.querySelector('[data-yes]').addEventListener('click', () => done(true));
    d.querySelector('[data-no]').addEventListener('click', () => done(false));
    d.addEventListener('cancel', (e) => { e.preventDefault(); done(false); });
    d.showModal();
    d.querySelector('[data-no]').focus();
  });
}

// guarded wraps an async action so that it runs once at a time: a second
// click (or a third) while it runs is dropped, and so are the second and
// third clicks of a double or triple click even when the first was quick;
// the button that started it is disabled meanwhile.
export function guarded(fn) {
  let running = false;
  return async function (e) {
    if (running || (e && e.detail > 1)) return;
    running = true;
    const btn = e && e.currentTarget instanceof HTMLButtonElement ? e.currentTarget : null;
    if (btn) { btn.disabled = true; btn.setAttribute('aria-busy', 'true'); }
    try { return await fn.apply(this, arguments); } finally {
      running = false;
      if (btn && btn.isConnected) { btn.disabled = false; btn.removeAttribute('aria-busy'); }
    }
  };
}

// MoveList keeps a list scrolled to its newest entry unless the person
// scrolled up to read, and makes it focusable when it overflows.
export class MoveList {
  constructor() { this.follow = true; this.top = 0; }

  // attach is called after each redraw with the new list element.
  attach(el, current) {
    if (!el) return;
    // a list drawn as it was, in a window of the same size, is as this
    // left it (its overflow, its scroll): its geometry is not read again,
    // which would force a layout of the page at every redraw
    const label = w('moveListLabel');
    const seen = [el, drawnOf(el), current, label, innerWidth, innerHeight, this.follow, this.top];
    if (this.seen && seen[1] !== undefined && seen.every((x, i) => x === this.seen[i])) return;
    el.setAttribute('aria-label', label);
    const overflows = el.scrollHeight > el.clientHeight + 1;
    if (overflows) el.tabIndex = 0; else el.removeAttribute('tabindex');
    if (current) {
      const item = el.querySelector('[aria-current]');
      if (item) {
        const top = item.offsetTop - el.offsetTop;
        if (top < el.scrollTop || top + item.offsetHeight > el.scrollTop + el.clientHeight) el.scrollTop = top - el.clientHeight / 2;
      }
    } else if (this.follow) el.scrollTop = el.scrollHeight;
    else el.scrollTop = this.top;
    this.seen = seen;
    if (this.el === el) return; // a list changed in place keeps its listener
    this.el = el;
    el.addEventListener('scroll', () => {
      if (!el.isConnected) return; // a late event of a list already redrawn
      this.top = el.scrollTop;
      this.follow = el.scrollTop + el.clientHeight >= el.scrollHeight - 4;
    }, { passive: true });
  }
}

// agentLabel names a computer player's spec in words.
export function agentLabel(spec) {
  if (spec === 'random') return t('agent_random');
  if (spec === 'greedy') return t('agent_greedy');
  const [kind, level] = spec.split(':');
  const k = t('kind_' + kind);
  return t('agent_level', { kind: k !== 'kind_' + kind ? k : kind, level: t('lvl_' + level) !== 'lvl_' + level ? t('lvl_' + level) : level });
}

// seatLabel names what plays a seat: a person (here: at this device) or
// a computer player.
export function seatLabel(spec, here = true) { return spec === 'human' ? (here ? t('person') : w('personOnline')) : agentLabel(spec); }

// pct writes a value in [0, 1] as a whole percentage.
export function pct(v) { return `${Math.round(v * 100)} %`; }
