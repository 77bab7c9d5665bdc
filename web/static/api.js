// What every page of the app shares: the server's API, the error box,
// the animation speed and the page being shown. It imports only the words.

import { t, getLanguage } from './i18n.js';

export const app = document.getElementById('app');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// api calls the server; its errors come in the app's language and keep
// the server's code (err.code) and status.
export async function api(method, path, body) {
  const opts = { method, headers: { 'Accept-Language': getLanguage() } };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const err = new Error((data && data.error) || res.statusText);
    err.status = res.status;
    if (data && data.code) err.code = data.code;
    throw err;
  }
  return data;
}

let gamesCache = null;
// games is the catalogue, asked once.
export async function games() {
  if (!gamesCache) gamesCache = (await api('GET', '/api/games')).games;
  return gamesCache;
}

export function showError(err) {
  const box = document.getElementById('errors');
  box.textContent = t('error', { msg: err.message || String(err) });
  box.hidden = false;
}

export function clearError() {
  const box = document.getElementById('errors');
  box.hidden = true;
  box.textContent = '';
}

export const speeds = { slow: 450, normal: 220, fast: 70, off: 0 };

// speed is the animation speed chosen, else none for people who asked
// for reduced motion.
export function speed() {
  const s = localStorage.getItem('tabula.speed');
  if (s && speeds[s] !== undefined) return s;
  return window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'off' : 'normal';
}

// current is the page being shown: {name, rerender}.
export let current = null;
export function setCurrent(page) { current = page; }

// routeSeq counts the routings: a page whose data arrives after the next
// routing began is stale and must not draw itself.
export let routeSeq = 0;
export function nextRoute() { return ++routeSeq; }
export const stale = (seq) => seq !== routeSeq;

// focusPage puts the focus on the page's heading when it was lost with
// the old page (it never stays on <body>).
export function focusPage() {
  const a = document.activeElement;
  if (a && a !== document.body && a.isConnected) return;
  const h = app.querySelector('h1');
  if (h) { h.tabIndex = -1; h.focus({ preventScroll: true }); }
}

// announce tells screen readers what happened, in a live region that
// stays in place while the page changes.
export function announce(text) {
  const el = document.getElementById('announce');
  if (!el || !text) return;
  const p = document.createElement('p');
  p.textContent = text;
  el.appendChild(p);
  el.dataset.count = String(Number(el.dataset.count || 0) + 1); // for the tests
  while (el.childNodes.length > 6) el.removeChild(el.firstChild);
}
