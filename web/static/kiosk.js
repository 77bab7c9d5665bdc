// Kiosk mode (docs/museum.md): a screen left running in a museum that
// resets itself after each visitor. The page is a kiosk when index.html
// says so (<meta name="tabula-kiosk" content="idle=90s&game=tamman">,
// which "tabula serve --kiosk" writes) or its address does
// (?kiosk=1&idle=90s&game=tamman; the address wins). This module reads
// that and keeps what the app would store in memory instead; it imports
// nothing, so that every module may ask it (the kiosk's screens are in
// attract.js).

// ms reads a duration in milliseconds: seconds ("90") or Go's form
// ("90s", "1m30s", "1500ms", "1.5s"); null if it is none.
function ms(text) {
  const s = String(text || '').trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Number(s) * 1000;
  if (!/^(\d+(\.\d+)?(ms|s|m|h))+$/.test(s)) return null;
  let total = 0;
  for (const [, n, unit] of s.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) total += Number(n) * { ms: 1, s: 1000, m: 60000, h: 3600000 }[unit];
  return total;
}

function readKiosk() {
  if (typeof location === 'undefined' || !document.querySelector) return null; // not a page (web's tests run modules in node)
  const meta = document.querySelector('meta[name="tabula-kiosk"]');
  const q = new URLSearchParams(location.search);
  if (!meta && !q.has('kiosk')) return null;
  const p = new URLSearchParams(meta ? meta.content : '');
  for (const [k, v] of q) p.set(k, v);
  if (p.get('kiosk') === '0') return null;
  // at least a second: a visitor must be able to touch the screen at all
  return { idle: Math.max(1000, ms(p.get('idle')) || 90000), game: p.get('game') || '' };
}

// kiosk is the kiosk's settings, {idle (ms), game (an id or '')}, or null
// for a page that is no kiosk.
export const kiosk = readKiosk();

// MemoryStorage has localStorage's face and keeps nothing beyond the page.
class MemoryStorage {
  constructor() { this.m = new Map(); }
  getItem(k) { return this.m.has(k) ? this.m.get(k) : null; }
  setItem(k, v) { this.m.set(k, String(v)); }
  removeItem(k) { this.m.delete(k); }
}

// store is where the app keeps its settings and the tokens of its games
// at this device: localStorage, but in a kiosk memory that the reset
// throws away with the page, so that nothing a visitor did is left.
export const store = kiosk ? new MemoryStorage() : globalThis.localStorage;
