// "Your move" while looking elsewhere: when it becomes the move of a
// person of this browser in a game played on several devices, the tab's
// title and icon say so, a sound plays if the person turned it on (off by
// default), and the browser notifies if the person allowed it (asked only
// when they press the button), in the page's language.

import { t } from './i18n.js';

const soundKey = 'tabula.sound';
const notifyKey = 'tabula.notify';

let mine = false;      // the person's move, as last told
let iconHref = null;   // the page's own icon, to put back

// The icon with a dot of the board's accent: the tab shows it while it is
// the person's move.
const dotIcon = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 30"><rect x="2" y="2" width="26" height="26" rx="5" fill="#7a4a2a"/><circle cx="15" cy="15" r="9" fill="#f2b705" stroke="#fff" stroke-width="2"/></svg>');

function icon(href) {
  const link = document.querySelector('link[rel="icon"]');
  if (!link) return;
  if (iconHref === null) iconHref = link.getAttribute('href');
  link.setAttribute('href', href || iconHref);
}

export const soundOn = () => localStorage.getItem(soundKey) === '1';
export const notifyOn = () => localStorage.getItem(notifyKey) === '1' && notifyAllowed();
export const canNotify = () => typeof Notification !== 'undefined';
const notifyAllowed = () => canNotify() && Notification.permission === 'granted';

export function toggleSound() { localStorage.setItem(soundKey, soundOn() ? '0' : '1'); }

// toggleNotify turns the notifications on (asking the browser's
// permission: called from a button, a person's gesture) or off.
export async function toggleNotify() {
  if (notifyOn()) { localStorage.setItem(notifyKey, '0'); return; }
  if (!canNotify()) return;
  const p = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  localStorage.setItem(notifyKey, p === 'granted' ? '1' : '0');
}

// beep plays two short notes (Web Audio: no file to load).
function beep() {
  try {
    const ctx = new (window.AudioContext || window.webkitAudioContext)();
    [0, 0.18].forEach((at, i) => {
      const o = ctx.createOscillator();
      const g = ctx.createGain();
      o.frequency.value = i ? 880 : 660;
      g.gain.setValueAtTime(0.15, ctx.currentTime + at);
      g.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + at + 0.15);
      o.connect(g).connect(ctx.destination);
      o.start(ctx.currentTime + at);
      o.stop(ctx.currentTime + at + 0.16);
    });
    setTimeout(() => ctx.close(), 600);
  } catch (e) { /* no sound here */ }
}

// turnTitle is the tab's title for a room of game name: marked while it
// is the person's move.
export function turnTitle(name, yours) {
  const base = `${name} – ${t('title')}`;
  return yours ? `(•) ${t('yourMoveTitle')} – ${base}` : base;
}

// signalTurn tells that it is (yours) or is not the move of a person of
// this browser; first is true for the room's first view, which is no
// news (no sound, no notification).
export function signalTurn(yours, name, first) {
  icon(yours ? dotIcon : null);
  if (yours && !mine && !first) {
    if (soundOn()) beep();
    if (notifyOn() && document.hidden) {
      try { new Notification(t('yourMoveTitle'), { body: name, tag: 'tabula-turn', icon: 'icon.svg' }); } catch (e) { /* not here */ }
    }
  }
  mine = yours;
}

// clearTurn puts the page's own icon back (the room is left).
export function clearTurn() {
  mine = false;
  icon(null);
}
