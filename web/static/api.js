// What every page of the app shares: the server's API, the error box,
// the animation speed and the page being shown. It imports only the words
// and the engine in the browser.

import { t, getLanguage } from './i18n.js';
import { engineFetch, isEngineRoom } from './engine.js';
import { kiosk, store } from './kiosk.js';

export const app = document.getElementById('app');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// api calls the server; its errors come in the app's language and keep
// the server's code (err.code) and status. The engine in the browser
// (engine.js) answers for its own rooms and games (a path or a body that
// names one), for every request on a site with no server (siteMode), and,
// when the server cannot be reached, for the catalogue, replays and
// analyses; where 'engine' asks it alone. A token (a class's secret or a
// pupil's) goes as Authorization: Bearer.
export async function api(method, path, body, where, token) {
  const lang = getLanguage();
  let res = null;
  if (where === 'engine' || siteMode() || enginePath(path) || (body && isEngineRoom(body.room || ''))) res = await engineFetch(method, path, body, lang);
  else {
    const opts = { method, headers: { 'Accept-Language': lang } };
    if (token) opts.headers.Authorization = 'Bearer ' + token;
    if (body !== undefined) {
      opts.headers['Content-Type'] = 'application/json';
      opts.body = JSON.stringify(body);
    }
    try {
      const r = await fetch(path, opts);
      res = { status: r.status, statusText: r.statusText, body: await r.text() };
      setOffline(false);
    } catch (e) {
      setOffline(true);
      if (!engineAnswers(path)) throw new Error(t('offlineNeeds'));
      res = await engineFetch(method, path, body, lang);
    }
  }
  let data = null;
  try { data = JSON.parse(res.body); } catch (e) { data = null; }
  const ok = res.status >= 200 && res.status < 300;
  if (!ok) {
    const err = new Error((data && data.error) || res.statusText || String(res.status));
    err.status = res.status;
    if (data && data.code) err.code = data.code;
    throw err;
  }
  return data;
}

// enginePath: a path of a room or finished game of the engine in the
// browser.
const enginePath = (path) => /^\/api\/(rooms|archive)\/b\./.test(path);

// engineAnswers: what the engine answers for a server that cannot be
// reached (not the online rooms, their archive or the Research page).
const engineAnswers = (path) => /^\/api\/(games\b|replay|analysis)/.test(path);

// siteMode: a copy of the app with no server (tabula site: the page says
// so in <meta name="tabula-site">), a board embedded in another page
// (embed.js: index.html?embed=1), or a kiosk (kiosk.js), which plays in
// the browser alone: a kiosk's games never reach the server.
export function siteMode() {
  return !!document.querySelector('meta[name="tabula-site"]') || embedded() || !!kiosk;
}

// siteServer is the Tabula server a site with no server of its own
// points its online features to ("" for none: they are hidden).
export function siteServer() {
  const m = document.querySelector('meta[name="tabula-site"]');
  return m ? m.content : '';
}

// embedded: the page is the frame of a <tabula-game> (embed.js).
export const embedded = () => new URLSearchParams(location.search).has('embed');

// offline is whether the server was out of reach at the last request;
// the page says so (app.js listens for "tabula-offline").
export let offline = false;
function setOffline(v) {
  if (offline === v) return;
  offline = v;
  window.dispatchEvent(new Event('tabula-offline'));
}

let gamesCache = null;
// games is the catalogue, asked once.
export async function games() {
  if (!gamesCache) gamesCache = (await api('GET', '/api/games')).games;
  return gamesCache;
}

// offeredAgents lists the computer players the server offers for game
// under options ({name: value}): GET /api/games/{id}/agents, which every
// form that seats the computer asks.
export async function offeredAgents(game, options) {
  return (await api('GET', `/api/games/${encodeURIComponent(game)}/agents?${new URLSearchParams(options)}`)).agents || [];
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
  const s = store.getItem('tabula.speed');
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
