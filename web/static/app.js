// The Tabula browser app: the routing, the catalogue and the game page,
// on top of the other pages (room.js shows every room, online.js creates
// online rooms, archive.js the finished games). The server's code judges
// every move: the server's for online rooms, the engine in the browser's
// (engine.js) for games at this device; the pages show what it sends.

import { t, pick, detectLanguage, setLanguage, getLanguage, setWords, fillLanguages } from './i18n.js';
import { optionFields, readOptions as readFields } from './options.js';
import { preview, shape } from './boards.js';
import { pageOnline, pageInvites } from './online.js';
import { pageArchive } from './archive.js';
import { markdown } from './md.js';
import { w, esc, linkify, seatLabel } from './ux.js';
import { app, api, games, showError, clearError, current, setCurrent, nextRoute, routeSeq, stale, focusPage, offline, siteMode, siteServer, embedded, offeredAgents } from './api.js';
import { onReplayKey, closeAnalysis } from './replay.js';
import { pageRoom, pageArchived, leaveRoom, createLocal, roomSeats } from './room.js';
import { lastBoard } from './roomdraw.js';
import { lobbyBox, startLobby, leaveLobby, pageIdentity } from './lobby.js';
import { pageJoin, pageClass, pageNewClass, leaveClass } from './class.js';
import { kiosk } from './kiosk.js';
import { startKiosk, pageAttract, kioskAllows, kioskRouted } from './attract.js';
import { engineState, warmEngine } from './engine.js';
import { starts, shapes } from './starts.js';

// startOf is the start state of a game under options, with its board's
// geometry, for the previews; null if the server cannot give it.
async function startOf(id, options) {
  const q = new URLSearchParams(options).toString();
  try { return await api('GET', `/api/games/${encodeURIComponent(id)}/start?${q}`); } catch (e) { return null; }
}

// ------------------------------------------------------------------ chrome

function renderChrome() {
  document.getElementById('tagline').textContent = t('tagline');
  document.getElementById('homelink').textContent = t('home');
  document.getElementById('gameslink').textContent = t('finishedGames');
  document.getElementById('researchlink').textContent = t('researchPage');
  fillLanguages(document.getElementById('lang'));
  document.getElementById('langlabel').textContent = t('language');
  document.getElementById('footer').textContent = t('footer');
  document.querySelector('.skip').textContent = t('skip');
  document.querySelector('nav').setAttribute('aria-label', t('mainNav'));
  renderOffline();
}

// renderOffline says, while the server is out of reach or on a site with
// none, what plays in the browser and what needs the network.
function renderOffline() {
  const box = document.getElementById('offline');
  const text = siteMode() ? t('siteBanner') : offline ? t('offlineBanner') : '';
  box.textContent = text;
  box.hidden = !text;
  const research = document.getElementById('researchlink');
  research.hidden = siteMode() && !siteServer();
  if (siteServer()) research.href = siteServer() + '/research.html';
}

// ------------------------------------------------------------------ routing

async function route() {
  nextRoute();
  clearError();
  closeAnalysis();
  const hash = location.hash.replace(/^#\/?/, '');
  const [page, id, token] = hash.split('/');
  if (page !== 'room' && page !== 'play' && page !== 'archived') leaveRoom();
  leaveLobby();
  leaveClass();
  // a kiosk shows its games and nothing that leads away (attract.js)
  if (kiosk && !kioskAllows(page, id)) { location.replace('#/'); return; }
  // A page the engine in the browser answers says so while it loads (the
  // first time: a second or two on a phone); meanwhile an embedded board
  // shows its game's start under its options (embedStart), and a game at
  // this device its board as this page last drew it (lastBoard), their
  // moves waiting for the engine.
  if ((siteMode() || page === 'play' || page === 'embed') && engineState.loaded === null) {
    const note = `<p class="note" id="engineloading" role="status">${esc(t('engineLoading'))}</p>`;
    const first = page === 'embed' ? embedStart(id, embedOptions(token || '')) : page === 'play' && lastBoard(id);
    app.innerHTML = first ? `<section id="startview">${preview(first.start, first.name)}${note}</section>` : note;
  }
  try {
    // a game at this device (play) and an online room are one room view
    if ((page === 'room' || page === 'play') && id) await pageRoom(id, page === 'room' ? token : '');
    else if (page === 'online' && id) { setCurrent({ name: 'online', rerender: () => pageOnline(id, token) }); await pageOnline(id, token); }
    else if (page === 'games' && !id) { setCurrent({ name: 'archive', rerender: pageArchive }); await pageArchive(); }
    else if (page === 'archived' && id) await pageArchived(id);
    else if (page === 'identity' && id && lobbyHere()) await pageIdentity(id);
    else if (page === 'join') { setCurrent({ name: 'join', rerender: () => pageJoin(id) }); await pageJoin(id); }
    else if (page === 'class' && id && token) { setCurrent({ name: 'class', rerender: () => pageClass(id, token) }); await pageClass(id, token); }
    else if (page === 'newclass' && id) { setCurrent({ name: 'newclass', rerender: () => pageNewClass(id, token) }); await pageNewClass(id, token); }
    else if (page === 'invites' && id) { setCurrent({ name: 'invites', rerender: () => pageInvites(id) }); await pageInvites(id); }
    else if (page === 'game' && id && token === undefined) await pageGame(id);
    else if (page === 'embed' && id && embedded()) await pageEmbed(id, token || '');
    else if (page === '') await (kiosk ? pageAttract() : pageHome());
    else pageNotFound(location.hash);
  } catch (e) {
    if (kiosk && page !== '') { location.replace('#/'); return; }
    pageNotFound(location.hash, e.message, e.status !== 404);
  }
  focusPage();
  if (kiosk) kioskRouted();
}

// pageNotFound says that an address leads nowhere, and offers the way back.
// A problem other than a missing page (the server is busy or gone) says so.
function pageNotFound(what, detail, problem) {
  setCurrent({ name: 'notfound', rerender: () => pageNotFound(what, detail, problem) });
  leaveRoom();
  const title = w(problem ? 'problem' : 'notFound');
  document.title = `${title} – ${t('title')}`;
  app.innerHTML = `<section id="notfound" aria-labelledby="nf-h"><h1 id="nf-h">${esc(title)}</h1>
    <p>${esc(w('notFoundText', { what: what || '/' }))}</p>${detail ? `<p class="note">${esc(detail)}</p>` : ''}
    <p><a class="button primary" href="#/" id="nf-home">${esc(w('backHome'))}</a></p></section>`;
}

// ------------------------------------------------------------------ home

// lobbyHere: "Find a game" needs a server, and a kiosk (attract.js) shows
// nothing that leads away.
const lobbyHere = () => !siteMode() && !kiosk;

async function pageHome() {
  const seq = routeSeq;
  const list = await games();
  const starts = await Promise.all(list.map((g) => startOf(g.id, {})));
  if (stale(seq)) return;
  setCurrent({ name: 'home', rerender: pageHome });
  setWords(Object.assign({}, ...list.map((g) => g.words || {})));
  document.title = t('title');
  let o = `<section id="home" aria-labelledby="home-h"><h1 id="home-h">${esc(t('catalogue'))}</h1><div class="cards">`;
  for (const [i, g] of list.entries()) {
    o += `<article class="card" data-game="${esc(g.id)}" aria-labelledby="card-${esc(g.id)}">`;
    o += `<h2 id="card-${esc(g.id)}">${esc(g.name)}</h2>`;
    o += `<div class="thumb">${preview(starts[i], g.name)}</div>`;
    o += `<p class="kind">${esc(pick(g.kind))}</p><dl>`;
    o += `<dt>${esc(t('people'))}</dt><dd>${esc(pick(g.people))}</dd>`;
    o += `<dt>${esc(t('region'))}</dt><dd>${esc(pick(g.region))}</dd>`;
    o += `<dt>${esc(t('date'))}</dt><dd>${esc(pick(g.date))}</dd>`;
    o += `<dt>${esc(t('players'))}</dt><dd>${esc(g.players || '2')}</dd>`;
    o += `<dt>${esc(t('sources'))}</dt><dd><ul>${(g.sources || []).map((s) => `<li>${linkify(s)}</li>`).join('')}</ul></dd>`;
    o += `<dt>${esc(t('evidence'))}</dt><dd>${esc(pick(g.evidence))}</dd></dl>`;
    o += `<p class="playp"><a class="button primary" href="#/game/${esc(g.id)}">${esc(t('play', { name: g.name }))}</a></p>`;
    o += `</article>`;
  }
  o += `</div>${lobbyHere() ? lobbyBox() : ''}${loadBox()}</section>`;
  app.innerHTML = o;
  wireLoad();
  if (lobbyHere()) startLobby(list).catch(() => {}); // a server without a lobby shows it empty
}

function loadBox() {
  return `<section class="load" aria-labelledby="load-h"><h2 id="load-h">${esc(t('loadRecord'))}</h2>
    <p id="load-hint">${esc(t('loadHint'))}</p>
    <input type="file" id="loadfile" accept="application/json,.json" aria-describedby="load-hint" aria-label="${esc(t('loadRecord'))}"></section>`;
}

function wireLoad() {
  const input = document.getElementById('loadfile');
  if (!input) return;
  input.addEventListener('change', async () => {
    const f = input.files[0];
    if (!f) return;
    try {
      let rec;
      try { rec = JSON.parse(await f.text()); } catch (e) { throw new Error(t('badFile', { msg: e.message })); }
      // A record goes on as a game at this device; what a room's record
      // adds (its id, seed) is not the game.
      const { game, options, moves, players } = rec || {};
      location.hash = '#/play/' + await createLocal({ record: { game, options, moves, players } });
    } catch (e) { showError(e); }
  });
}

// ------------------------------------------------------------------ game page

let setupValues = {}; // game id -> {options, seats}

// printLink is the PDF of a game's board and rules from printer (a server's
// address, '' for this one) on paper, in the page's language, under
// options (name to value), as GET /api/games/{id}/print.pdf takes them.
function printLink(printer, id, paper, options) {
  const q = new URLSearchParams({ paper, lang: getLanguage(), ...options });
  return `${printer}/api/games/${encodeURIComponent(id)}/print.pdf?${q}`;
}

async function pageGame(id) {
  const seq = routeSeq;
  const g = await api('GET', '/api/games/' + encodeURIComponent(id));
  const saved = setupValues[id] || { options: {}, seats: [] };
  const first = await startOf(g.id, saved.options);
  if (stale(seq)) return;
  setCurrent({ name: 'game', rerender: () => pageGame(id) });
  warmEngine(); // the game will be played in the browser: have it ready
  setWords(g.words);
  document.title = `${g.name} – ${t('title')}`;
  let o = `<section id="game" data-game="${esc(g.id)}" aria-labelledby="game-h"><h1 id="game-h">${esc(g.name)}</h1>`;
  o += `<div class="gamegrid"><div class="rules"><div class="gamethumb" id="gamethumb">${preview(first, g.name)}</div><h2>${esc(t('rules'))}</h2><ul class="summary">`;
  o += (g.summary || []).map((p) => `<li>${esc(pick(p))}</li>`).join('');
  o += `</ul><details class="fullrules"${g.hasRules ? '' : ' hidden'}><summary>${esc(t('rulesFull'))}</summary><div id="rulesdoc"></div></details>`;
  if (!g.hasRules) o += `<p class="note">${esc(t('rulesNone'))}</p>`;
  // the board at true scale and the rules sheet, as the server prints them
  const printer = siteMode() ? siteServer() : '';
  if (g.hasRules && (!siteMode() || printer)) {
    const pdf = (paper) => esc(printLink(printer, g.id, paper, saved.options));
    o += `<p class="print"><a id="print" class="button" href="${pdf('a4')}" target="_blank" rel="noopener">${esc(t('printA4'))}</a> <a id="print-a3" href="${pdf('a3')}" target="_blank" rel="noopener">${esc(t('printA3'))}</a></p>`;
  }
  o += `</div><form id="setup" class="setup" novalidate>`;
  o += `<fieldset id="seats"><legend>${esc(t('whoPlays'))}</legend></fieldset>`;
  o += `<p class="hint">${esc(t('startHint'))}</p><button type="submit" class="primary" id="start">${esc(t('start'))}</button>`;
  // online play needs a server: a site with none offers its server's, if any
  if (!siteMode() || siteServer()) o += ` <button type="button" id="online">${esc(t('playOnline'))}</button> <button type="button" id="newclass">${esc(t('cl_start'))}</button>`;
  o += `<details id="more" class="more"${saved.more ? ' open' : ''}><summary>${esc(w('moreOptions'))}</summary><p class="note">${esc(w('moreOptionsHint'))}</p>`;
  o += `<fieldset><legend>${esc(t('options'))}</legend>`;
  if (g.options.length === 0) o += `<p>${esc(t('optionsNone'))}</p>`;
  o += optionFields(g.options, saved.options, 'opt-');
  o += `</fieldset></details></form></div>${lobbyHere() ? lobbyBox() : ''}</section>`;
  app.innerHTML = o;
  if (lobbyHere()) startLobby([{ id: g.id, name: g.name }], g.id).catch(() => {});

  const form = document.getElementById('setup');
  const readOptions = () => readFields(g.options, 'opt-');
  // the print links follow the options chosen
  const relink = () => {
    for (const [el, paper] of [['print', 'a4'], ['print-a3', 'a3']]) {
      const a = document.getElementById(el);
      if (a) a.href = printLink(siteMode() ? siteServer() : '', g.id, paper, readOptions());
    }
  };
  let agents = g.agents;
  // The number of seats is the number of players of the start state under
  // the options chosen (one score each).
  let players = first ? first.state.scores.length : g.facts.players;
  // The agents offered depend on the options (alpha-beta needs two
  // players): ask the server again when they change.
  let pending = 0;
  const refreshAgents = async () => {
    const box = document.getElementById('seats');
    box.dataset.pending = String(++pending);
    try {
      agents = await offeredAgents(g.id, readOptions());
    } catch (e) { /* an invalid value: the start button will say so */ }
    const st = await startOf(g.id, readOptions());
    if (box.dataset.pending !== String(pending)) return; // a later change is on its way
    if (st) {
      document.getElementById('gamethumb').innerHTML = preview(st, g.name);
      players = st.state.scores.length;
    }
    renderSeats();
    delete box.dataset.pending;
  };
  const renderSeats = () => {
    const n = players;
    const box = document.getElementById('seats');
    const prevSeats = [...box.querySelectorAll('select')].map((s) => s.value);
    const seats = prevSeats.length ? prevSeats : saved.seats;
    let s = `<legend>${esc(t('whoPlays'))}</legend>`;
    const choices = ['human', ...agents];
    const defAgent = agents.includes('mcts:medium') ? 'mcts:medium' : (agents[0] || 'human');
    for (let i = 0; i < n; i++) {
      const cur = seats[i] && choices.includes(seats[i]) ? seats[i] : (i === 0 ? 'human' : defAgent);
      s += `<div class="field seat"><label for="seat-${i}"><svg class="icon" viewBox="0 0 30 30" aria-hidden="true">${shape(i, 15, 15, 9)}</svg>${esc(t('seatName', { n: i }))}</label>`;
      s += `<select id="seat-${i}" name="seat-${i}">` + choices.map((c) => `<option value="${esc(c)}" ${c === cur ? 'selected' : ''}>${esc(seatLabel(c))}</option>`).join('') + `</select></div>`;
    }
    box.innerHTML = s;
  };
  renderSeats();
  const more = () => document.getElementById('more').open;
  form.addEventListener('change', (e) => { if (e.target.closest('[data-option]')) { refreshAgents(); relink(); } setupValues[id] = { options: readOptions(), seats: [...document.querySelectorAll('#seats select')].map((s) => s.value), more: more() }; });
  document.getElementById('more').addEventListener('toggle', () => { setupValues[id] = { ...(setupValues[id] || { options: readOptions(), seats: [] }), more: more() }; });
  // Online play takes the options chosen here.
  // So does a class.
  for (const [el, page] of [['online', 'online'], ['newclass', 'newclass']]) {
    const b = document.getElementById(el);
    if (b) b.addEventListener('click', () => {
      const to = `#/${page}/${g.id}/` + new URLSearchParams(readOptions()).toString();
      if (siteMode()) location.href = siteServer() + '/' + to;
      else location.hash = to;
    });
  }
  // One game per start, however often the button is pressed.
  let starting = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (starting) return;
    starting = true;
    const btn = document.getElementById('start');
    btn.disabled = true;
    if (engineState.loaded === null) btn.textContent = t('engineLoading');
    clearError();
    const options = readOptions();
    const seats = [...document.querySelectorAll('#seats select')].map((s) => s.value);
    setupValues[id] = { options, seats, more: more() };
    try {
      const rid = await createLocal({ game: g.id, options, seats: roomSeats(seats) });
      leaveRoom();
      location.hash = '#/play/' + rid;
    } catch (err) {
      showError(err);
      starting = false;
      btn.disabled = false;
      btn.textContent = t('start');
    }
  });
  if (g.hasRules) {
    try {
      const r = await api('GET', `/api/games/${encodeURIComponent(g.id)}/rules?lang=${getLanguage()}`);
      const doc = document.getElementById('rulesdoc');
      if (doc) { doc.innerHTML = markdown(r.markdown, 2); doc.lang = r.lang || 'en'; }
    } catch (e) { /* the summary stays */ }
  }
}

// ------------------------------------------------------------------ embed

// pageEmbed starts the game of a <tabula-game> (embed.js) in the engine
// in the browser: against vs (an agent spec) in every other seat, or
// with every seat at this device; options are name=value pairs apart by
// spaces, commas or "&".
async function pageEmbed(id, query) {
  const q = new URLSearchParams(query);
  if (q.get('lang')) { setLanguage(q.get('lang')); renderChrome(); }
  const options = {};
  for (const kv of embedOptions(query)) {
    const [k, v] = kv.split('=');
    options[k] = v === undefined ? 'true' : v;
  }
  const st = await startOf(id, options);
  const n = st ? st.state.scores.length : 2;
  const vs = q.get('vs');
  const seats = Array.from({ length: n }, (_, i) => (i === 0 || !vs ? 'human' : vs));
  const rid = await createLocal({ game: id, options, seats: roomSeats(seats) });
  location.replace('#/play/' + rid);
}

// embedStart is game id's start under options (NAME=VALUE) and its name,
// from starts.js, which Go computes: the default start with the fields
// each option's value sets there (shapes); null where an option's value
// is not held (a refused one, or one of too many values).
function embedStart(id, options) {
  const game = starts[id];
  if (!game) return null;
  let start = game.start;
  for (const kv of options) {
    const [k, v] = kv.split('=');
    if (!(k in (shapes[id] || {}))) continue; // an option that leaves the start as it is
    const p = shapes[id][k] && shapes[id][k][v === undefined ? 'true' : v];
    if (!p) return null;
    start = { ...start, board: p.board || start.board, state: { ...start.state, ...p.state } };
  }
  return { name: game.name, start };
}

// embedOptions lists the options NAME=VALUE of an embedded board's query.
function embedOptions(query) {
  return (new URLSearchParams(query).get('options') || '').split(/[\s,&]+/).filter(Boolean);
}

// tellHost tells the page that embeds this one (embed.js) its height and
// each turn.
function tellHost() {
  document.body.classList.add('embedded');
  let moves = -1;
  let over = false;
  let height = 0;
  const tell = () => {
    const h = document.documentElement.scrollHeight;
    if (h !== height) { height = h; parent.postMessage({ tabula: 'height', height: h }, '*'); }
    const room = document.getElementById('room');
    const n = document.querySelectorAll('#movelist li').length;
    const end = !!room && room.dataset.room !== undefined && room.dataset.room !== 'open';
    if (room && (n !== moves || end !== over)) { moves = n; over = end; parent.postMessage({ tabula: 'turn', moves: n, over: end }, '*'); }
  };
  new MutationObserver(() => requestAnimationFrame(tell)).observe(document.body, { childList: true, subtree: true, attributes: true });
  new ResizeObserver(tell).observe(document.documentElement);
}

// ------------------------------------------------------------------ start

function start() {
  setLanguage(detectLanguage());
  renderChrome();
  document.getElementById('lang').addEventListener('change', (e) => {
    setLanguage(e.target.value);
    renderChrome();
    if (current && current.rerender) current.rerender();
  });
  window.addEventListener('hashchange', route);
  window.addEventListener('tabula-offline', renderOffline);
  if (kiosk) startKiosk(() => { renderChrome(); if (current && current.rerender) current.rerender(); });
  if (embedded()) tellHost();
  // After one visit the app opens and plays offline (sw.js).
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => { /* an insecure origin: online only */ });
  document.addEventListener('keydown', onReplayKey);
  // The skip link goes to the content without going through the router.
  document.querySelector('.skip').addEventListener('click', (e) => { e.preventDefault(); app.focus(); });
  route();
}

start();
