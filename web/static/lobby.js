// "Find a game" (docs/play.md): the identity this browser keeps, the open
// challenges as the lobby's WebSocket tells them (conn.js, LobbyConn), a
// challenge made, accepted, Play now, a rated game against the computer,
// my games, games in progress and a game's rating list. Its words are
// the catalogue's (messages.Page, in words.js).

import { api, showError, clearError, announce, offeredAgents } from './api.js';
import { LobbyConn } from './conn.js';
import { t } from './i18n.js';
import { esc, agentLabel } from './ux.js';
import { optionFields, readOptions, isDefault } from './options.js';

const store = 'tabula.identity';

// specs caches each game's options (GET /api/games/{id}).
const specs = new Map();

async function specsOf(game) {
  if (!specs.has(game)) specs.set(game, (await api('GET', '/api/games/' + encodeURIComponent(game))).options || []);
  return specs.get(game);
}

// identity is this browser's identity ({id, key, name}) or null.
export function identity() {
  try { return JSON.parse(localStorage.getItem(store)); } catch (e) { return null; }
}

let conn = null;
let seeks = new Map();
let names = {}; // game id to its name
let flash = '';

// leaveLobby closes the lobby's connection (another page is shown).
export function leaveLobby() {
  if (conn) conn.close();
  conn = null;
}

// pageIdentity takes the identity of key (a link from another device)
// and goes to the start page.
export async function pageIdentity(key) {
  const me = await api('GET', '/api/players/me', undefined, undefined, key);
  localStorage.setItem(store, JSON.stringify({ id: me.id, key, name: me.name }));
  flash = t('lb_welcomeBack', { name: me.name });
  location.replace('#/');
}

// lobbyBox is the section "Find a game" of a page; startLobby fills it.
export function lobbyBox() {
  return `<section id="lobby" class="lobby" aria-labelledby="lb-h"><h2 id="lb-h">${esc(t('lb_find'))}</h2><div id="lb-body"></div></section>`;
}

// startLobby shows the lobby in lobbyBox for the games list (only game
// when one is given, on a game's page).
export async function startLobby(list, game) {
  const body = document.getElementById('lb-body');
  if (!body) return;
  names = Object.fromEntries(list.map((g) => [g.id, g.name]));
  const games = game ? list.filter((g) => g.id === game) : list;
  const me = identity();
  let o = flash ? `<p class="note" role="status">${esc(flash)}</p>` : '';
  flash = '';
  if (!me) {
    o += `<form id="lb-join"><p id="lb-join-hint">${esc(t('lb_joinHint'))}</p>
      <label>${esc(t('lb_nameLabel'))} <input id="lb-name" name="name" maxlength="40" required aria-describedby="lb-join-hint"></label>
      <button class="button primary" type="submit">${esc(t('lb_join'))}</button></form>`;
  } else {
    const link = location.origin + '/#/identity/' + me.key;
    o += `<p id="lb-me">${esc(t('lb_you', { name: me.name }))}</p>
      <details id="lb-device"><summary>${esc(t('lb_device'))}</summary><p>${esc(t('lb_deviceHint'))}</p>
      <p><a id="lb-device-link" href="${esc(link)}">${esc(link)}</a></p>
      <img class="qr" src="/api/qr?text=${esc(encodeURIComponent(link))}" width="192" height="192" alt="${esc(t('lb_device'))}"></details>
      <form id="lb-create" aria-labelledby="lb-create-h"><h3 id="lb-create-h">${esc(t('lb_create'))}</h3>
      <label>${esc(t('lb_game'))} <select id="lb-game">${games.map((g) => `<option value="${esc(g.id)}">${esc(g.name)}</option>`).join('')}</select></label>
      <label>${esc(t('lb_minutes'))} <input id="lb-min" type="number" min="0" max="1000" value="5"></label>
      <label>${esc(t('lb_increment'))} <input id="lb-inc" type="number" min="0" max="600" value="3"></label>
      <details id="lb-reading"><summary>${esc(t('lb_reading'))}</summary><div id="lb-options"></div></details>
      <label><input id="lb-rated" type="checkbox" checked aria-describedby="lb-rated-note"> ${esc(t('lb_ratedBox'))}</label>
      <p id="lb-rated-note" class="note" aria-live="polite">${esc(t('lb_ratedNote'))}</p>
      <p><button class="button primary" type="submit" id="lb-post">${esc(t('lb_post'))}</button>
      <button class="button" type="button" id="lb-now">${esc(t('lb_playNow'))}</button></p>
      <p><label>${esc(t('lb_level'))} <select id="lb-level"></select></label>
      <button class="button" type="button" id="lb-cpu" disabled>${esc(t('lb_computer'))}</button></p></form>`;
  }
  o += `<p id="lb-status" role="status" aria-live="polite"></p>
    <div class="lb-scroll" id="lb-scroll" hidden tabindex="0" role="region" aria-label="${esc(t('lb_open'))}"><table id="lb-seeks"><caption>${esc(t('lb_open'))} <span class="note">${esc(t('lb_live'))}</span></caption><thead><tr>
    <th scope="col">${esc(t('lb_colGame'))}</th><th scope="col">${esc(t('lb_colReading'))}</th><th scope="col">${esc(t('lb_colClock'))}</th>
    <th scope="col">${esc(t('lb_colKind'))}</th><th scope="col">${esc(t('lb_colPlayer'))}</th><th scope="col">${esc(t('lb_colRating'))}</th><th scope="col">${esc(t('lb_colAct'))}</th></tr></thead>
    <tbody></tbody></table></div><p id="lb-none" class="note">${esc(t('lb_none'))}</p>
    <div id="lb-mine"></div><div id="lb-live"></div><div id="lb-ratings"></div>`;
  body.innerHTML = o;
  wire(games[0] && games[0].id);
  leaveLobby();
  seeks = new Map();
  conn = new LobbyConn(me && me.key, received);
  await Promise.all([showMine(), showLive(game), showRatings(games[0] && games[0].id)]);
}

function received(m) {
  if (m.type === 'seeks') seeks = new Map(m.seeks.map((s) => [s.id, s]));
  else if (m.type === 'seek') seeks.set(m.seek.id, m.seek);
  else if (m.type === 'gone') seeks.delete(m.id);
  else if (m.type === 'matched') { location.href = m.link; return; }
  showSeeks();
}

function clockText(c) {
  return c ? t('lb_clock', { min: Math.round(c.initial / 6) / 10, inc: c.increment }) : t('lb_noClock');
}

function ratingText(r) {
  if (!r) return t('lb_unrated');
  return r.provisional ? t('lb_provisional', { r: r.rating }) : String(r.rating);
}

function showSeeks() {
  const tbody = document.querySelector('#lb-seeks tbody');
  if (!tbody) return;
  const me = identity();
  let o = '';
  for (const s of seeks.values()) {
    const mine = me && s.player === me.id;
    o += `<tr data-seek="${esc(s.id)}"><td>${esc(names[s.game] || s.game)}</td><td>${esc(s.rated ? t('lb_default') : s.options.join(', '))}</td>
      <td>${esc(clockText(s.clock))}</td><td>${esc(t(s.rated ? 'lb_rated' : 'lb_casual'))}</td><td>${esc(s.name)}</td><td>${esc(ratingText(s.rating))}</td><td>`;
    if (mine) o += `${esc(t('lb_yours'))} <button class="button lb-withdraw" type="button" data-id="${esc(s.id)}">${esc(t('lb_withdraw'))}</button>`;
    else if (me) o += `<button class="button primary lb-accept" type="button" data-id="${esc(s.id)}">${esc(t('lb_accept', { name: s.name }))}</button>`;
    o += '</td></tr>';
  }
  tbody.innerHTML = o;
  document.getElementById('lb-none').hidden = seeks.size > 0;
  document.getElementById('lb-scroll').hidden = seeks.size === 0;
}

// go opens the room of a game the lobby made.
function go(m) {
  if (m && m.link) location.href = m.link;
}

function wire(firstGame) {
  const join = document.getElementById('lb-join');
  if (join) join.addEventListener('submit', (e) => {
    e.preventDefault();
    act(async () => {
      const p = await api('POST', '/api/players', { name: document.getElementById('lb-name').value });
      localStorage.setItem(store, JSON.stringify({ id: p.id, key: p.key, name: p.name }));
      await startLobby(Object.entries(names).map(([id, name]) => ({ id, name })), document.querySelectorAll('#lb-game option').length === 1 ? firstGame : undefined);
      document.getElementById('lb-me').focus?.();
    });
  });
  const create = document.getElementById('lb-create');
  if (!create) return;
  const request = (extra) => {
    const min = Number(document.getElementById('lb-min').value) || 0;
    const game = document.getElementById('lb-game').value;
    const req = { game, options: chosenOptions(), rated: document.getElementById('lb-rated').checked, ...extra };
    if (min > 0 && !extra.computer) req.clock = { initial: min * 60, increment: Number(document.getElementById('lb-inc').value) || 0 };
    return req;
  };
  const key = identity().key;
  create.addEventListener('submit', (e) => {
    e.preventDefault();
    act(async () => { await api('POST', '/api/seeks', request({}), undefined, key); status(t('lb_waiting')); });
  });
  document.getElementById('lb-now').addEventListener('click', () => act(async () => {
    const m = await api('POST', '/api/seeks', request({ pair: true }), undefined, key);
    if (m.matched) go(m); else status(t('lb_waiting'));
  }));
  document.getElementById('lb-cpu').addEventListener('click', () => act(async () => go(await api('POST', '/api/seeks', request({ computer: document.getElementById('lb-level').value }), undefined, key))));
  document.getElementById('lb-game').addEventListener('change', (e) => { showRatings(e.target.value); showOptions(e.target.value); });
  document.getElementById('lb-options').addEventListener('change', () => { ratedFollows(); showLevels(); });
  document.getElementById('lb-seeks').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    if (b.classList.contains('lb-accept')) act(async () => go(await api('POST', `/api/seeks/${encodeURIComponent(b.dataset.id)}/accept`, undefined, undefined, key)));
    if (b.classList.contains('lb-withdraw')) act(async () => { await api('DELETE', `/api/seeks/${encodeURIComponent(b.dataset.id)}`, undefined, undefined, key); status(''); });
  });
  showOptions(firstGame);
}

// showOptions draws the options of game in the form, at their defaults.
async function showOptions(game) {
  const box = document.getElementById('lb-options');
  if (!box || !game) return;
  let opts = [];
  try { opts = await specsOf(game); } catch (e) { /* the game's defaults are sent */ }
  if (document.getElementById('lb-game').value !== game) return; // another game was chosen meanwhile
  box.innerHTML = optionFields(opts, {}, 'lb-opt-');
  box.dataset.game = game;
  ratedFollows();
  showLevels();
}

// showLevels offers the computer players the server offers for the
// form's game under its options (offeredAgents, as every form that seats
// the computer asks), keeping the one chosen if it is still offered,
// else medium MCTS.
async function showLevels() {
  const sel = document.getElementById('lb-level');
  if (!sel) return;
  const game = document.getElementById('lb-game').value;
  let agents = [];
  try { agents = await offeredAgents(game, chosenOptions()); } catch (e) { return; }
  if (document.getElementById('lb-game').value !== game) return; // another game was chosen meanwhile
  const keep = agents.includes(sel.value) ? sel.value : agents.includes('mcts:medium') ? 'mcts:medium' : agents[0];
  sel.innerHTML = agents.map((a) => `<option value="${esc(a)}"${a === keep ? ' selected' : ''}>${esc(agentLabel(a))}</option>`).join('');
  document.getElementById('lb-cpu').disabled = agents.length === 0; // until the levels are known
}

// chosenOptions are the options chosen in the form for its game (none,
// the defaults, until they are drawn).
function chosenOptions() {
  const box = document.getElementById('lb-options');
  const game = document.getElementById('lb-game').value;
  return box && box.dataset.game === game ? readOptions(specs.get(game) || [], 'lb-opt-') : {};
}

// ratedFollows lets a game be rated only in the source's reading (the
// defaults): another reading is casual, and the form says so.
function ratedFollows() {
  const game = document.getElementById('lb-game').value;
  const source = isDefault(specs.get(game) || [], chosenOptions());
  const rated = document.getElementById('lb-rated');
  if (!source) rated.checked = false;
  else if (rated.disabled) rated.checked = true;
  rated.disabled = !source;
  document.getElementById('lb-rated-note').textContent = t(source ? 'lb_ratedNote' : 'lb_casualReading');
}

function status(text) {
  const el = document.getElementById('lb-status');
  if (el) el.textContent = text;
  if (text) announce(text);
}

async function act(f) {
  clearError();
  try { await f(); } catch (e) { showError(e); }
}

async function showMine() {
  const me = identity();
  const box = document.getElementById('lb-mine');
  if (!me || !box) return;
  let games = [];
  try { games = await api('GET', '/api/players/me/games', undefined, undefined, me.key); } catch (e) { return; }
  let o = `<h3 id="lb-mine-h">${esc(t('lb_myGames'))}</h3>`;
  if (!games.length) o += `<p class="note">${esc(t('lb_noGames'))}</p>`;
  else o += '<ul aria-labelledby="lb-mine-h">' + games.map((g) => {
    const state = g.status !== 'open' ? t('lb_over') : g.yourTurn ? t('lb_yourTurn') : t('lb_theirTurn');
    return `<li class="${g.yourTurn ? 'your-turn' : ''}"><a href="${esc(g.link || g.spectator)}">${esc(names[g.game] || g.game)}: ${esc(state)}</a></li>`;
  }).join('') + '</ul>';
  box.innerHTML = o;
}

async function showLive(game) {
  const box = document.getElementById('lb-live');
  if (!box) return;
  let games = [];
  try { games = await api('GET', '/api/lobby/games'); } catch (e) { return; }
  if (game) games = games.filter((g) => g.game === game);
  if (!games.length) { box.innerHTML = ''; return; }
  box.innerHTML = `<h3 id="lb-live-h">${esc(t('lb_inProgress'))}</h3><ul aria-labelledby="lb-live-h">` +
    games.map((g) => `<li><a class="lb-watch" href="${esc(g.spectator)}">${esc(t('lb_watch'))}: ${esc(names[g.game] || g.game)}</a></li>`).join('') + '</ul>';
}

async function showRatings(game) {
  const box = document.getElementById('lb-ratings');
  if (!box || !game) return;
  let list = [];
  try { list = await api('GET', `/api/ratings/${encodeURIComponent(game)}`); } catch (e) { return; }
  let o = `<h3 id="lb-ratings-h">${esc(t('lb_ratings', { game: names[game] || game }))}</h3>`;
  if (!list.length) o += `<p class="note">${esc(t('lb_noRatings'))}</p>`;
  else o += `<ol aria-labelledby="lb-ratings-h">${list.map((r) => `<li>${esc(r.name)}: ${esc(ratingText(r))} (${r.games} ${esc(t('lb_games'))})</li>`).join('')}</ol>`;
  box.innerHTML = o;
}
