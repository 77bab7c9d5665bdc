// A teacher's class (docs/class.md): the page that starts one, the join
// page a pupil types her name on, her page that moves to each round's
// room, and the teacher's dashboard: the code and its QR code, a wall of
// the round's boards watched live (the one client of rooms, conn.js; the
// one board renderer, boards.js), the results table and the controls.
// The class itself is read by polling GET /api/classes/{id} with a
// backoff.

import { t, pick, getLanguage, setWords } from './i18n.js';
import { preview } from './boards.js';
import { esc, agentLabel, ask } from './ux.js';
import { app, api, showError, clearError, games, routeSeq, stale, announce, offeredAgents } from './api.js';
import { Conn } from './conn.js';

const abs = (link) => location.origin + link;
const qr = (link) => '/api/qr?text=' + encodeURIComponent(abs(link));
const pollMin = 1500;
const pollMax = 5000;

// The class shown: its id, the token it is read with, the last view, and
// the live connections of the boards of its last round.
let C = null;

// leaveClass closes the dashboard's connections (another page is shown).
export function leaveClass() {
  if (!C) return;
  for (const b of Object.values(C.boards)) b.conn.close();
  C = null;
}

// ------------------------------------------------------------- a new class

// pageNewClass sets up a class of game id; query holds the options chosen
// on the game page.
export async function pageNewClass(id, query) {
  const g = await api('GET', '/api/games/' + encodeURIComponent(id));
  const options = Object.fromEntries(new URLSearchParams(query || ''));
  const agents = await offeredAgents(g.id, options);
  document.title = t('cl_newTitle', { name: g.name });
  let o = `<section id="newclass" data-game="${esc(g.id)}" aria-labelledby="nc-h"><h1 id="nc-h">${esc(t('cl_newTitle', { name: g.name }))}</h1>`;
  o += `<p>${esc(t('cl_newHint'))}</p><form id="classform" class="setup" novalidate>`;
  o += `<div class="field"><label for="c-pairing">${esc(t('cl_pairing'))}</label> <select id="c-pairing">`;
  for (const p of ['round-robin', 'swiss', 'knockout']) o += `<option value="${p}">${esc(t('cl_p_' + p))}</option>`;
  o += `</select></div><div class="field"><label for="c-computer">${esc(t('cl_computer'))}</label> <select id="c-computer">`;
  o += agents.map((a) => `<option value="${esc(a)}"${a === 'mcts:easy' ? ' selected' : ''}>${esc(agentLabel(a))}</option>`).join('');
  o += `</select></div><div class="field"><label for="c-max">${esc(t('cl_max'))}</label> <input type="number" id="c-max" min="2" max="64" value="40"></div>`;
  o += `<div class="field"><label for="c-clock">${esc(t('clock'))}</label> <input type="number" id="c-clock" min="1" max="180" step="1" placeholder="${esc(t('noClock'))}"></div>`;
  o += `<button type="submit" class="primary" id="c-create">${esc(t('cl_create'))}</button></form></section>`;
  app.innerHTML = o;
  document.getElementById('classform').addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { game: g.id, options, pairing: document.getElementById('c-pairing').value,
      computer: document.getElementById('c-computer').value, max: Number(document.getElementById('c-max').value) || 0 };
    const clk = document.getElementById('c-clock').value;
    if (clk) body.clock = { initial: Number(clk) * 60, increment: 0 };
    try {
      const c = await api('POST', '/api/classes', body);
      location.hash = c.teacher;
    } catch (err) { showError(err); }
  });
}

// ------------------------------------------------------------- joining

// pageJoin asks a pupil for the class's code (given by the link or the QR
// code) and her name.
export async function pageJoin(code) {
  document.title = t('cl_joinTitle');
  let o = `<section id="join" class="join" aria-labelledby="join-h"><h1 id="join-h">${esc(t('cl_joinTitle'))}</h1><form id="joinform" novalidate>`;
  o += `<div class="field"><label for="j-code">${esc(t('cl_code'))}</label><input id="j-code" class="code" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="6" value="${esc(code || '')}" required></div>`;
  o += `<div class="field"><label for="j-name">${esc(t('cl_name'))}</label><input id="j-name" autocomplete="given-name" maxlength="40" required></div>`;
  o += `<button type="submit" class="primary" id="j-go">${esc(t('cl_join'))}</button></form>`;
  // a class joined before on this device
  const mine = localStorage.getItem('tabula.class');
  if (mine) o += `<p><a id="j-back" href="${esc(mine)}">${esc(t('cl_back'))}</a></p>`;
  o += `</section>`;
  app.innerHTML = o;
  const input = document.getElementById(code ? 'j-name' : 'j-code');
  input.focus();
  let sending = false;
  document.getElementById('joinform').addEventListener('submit', async (e) => {
    e.preventDefault();
    if (sending) return;
    sending = true;
    clearError();
    const c = document.getElementById('j-code').value.trim().toUpperCase();
    try {
      const j = await api('POST', `/api/classes/${encodeURIComponent(c || '-')}/join`, { name: document.getElementById('j-name').value });
      localStorage.setItem('tabula.class', j.link);
      location.hash = j.link.replace(/^\/?/, '');
    } catch (err) { showError(err); }
    sending = false;
  });
}

// ------------------------------------------------------------- the class

// pageClass shows class id to the holder of token: the dashboard to its
// teacher, her own page to a pupil.
export async function pageClass(id, token) {
  const seq = routeSeq;
  const list = await games();
  if (stale(seq)) return;
  const v = await api('GET', '/api/classes/' + encodeURIComponent(id), undefined, undefined, token);
  if (stale(seq)) return;
  leaveClass();
  C = { id, token, v, seq, boards: {}, projector: sessionStorage.getItem('tabula.projector') === '1', delay: pollMin };
  C.game = list.find((g) => g.id === v.game) || { id: v.game, name: v.game };
  setWords(C.game.words);
  render(true);
  poll(C);
}

// poll reads the class again and again while it is shown, sooner after a
// change, later (up to pollMax: a pupil waits a few seconds at most) while nothing changes or the server is
// out of reach.
async function poll(me) {
  while (C === me && !stale(me.seq)) {
    await new Promise((r) => setTimeout(r, me.delay));
    if (C !== me || stale(me.seq)) return;
    try {
      const v = await api('GET', '/api/classes/' + encodeURIComponent(me.id), undefined, undefined, me.token);
      if (C !== me) return;
      const changed = JSON.stringify(v) !== JSON.stringify(me.v);
      me.v = v;
      me.delay = changed ? pollMin : Math.min(pollMax, me.delay * 1.5);
      if (changed) render(false);
    } catch (e) {
      me.delay = Math.min(pollMax, me.delay * 2);
    }
  }
}

// name is how the class names player p (-1: the computer).
function name(p) {
  if (p < 0) return pick(C.v.computerName);
  const pl = C.v.players[p];
  return pl ? pl.name : '';
}

function render(first) {
  if (C.v.teacher) renderDashboard(first);
  else renderPupil();
}

// ------------------------------------------------------------- a pupil

function renderPupil() {
  const v = C.v;
  const me = v.me;
  document.title = t('cl_pupilTitle', { code: v.code });
  let o = `<section id="pupil" class="pupil" data-status="${esc(v.status)}" aria-labelledby="pupil-h"><h1 id="pupil-h">${esc(t('cl_hello', { name: me.name }))}</h1>`;
  o += `<p>${esc(t('cl_inClass', { code: v.code, game: C.game.name }))}</p>`;
  let say;
  if (v.status === 'ended') say = t('cl_ended');
  else if (me.link && !me.over) say = t('cl_yourGame', { round: v.rounds.length });
  else if (me.link) say = t('cl_gameOver');
  else say = t('cl_wait');
  o += `<p id="p-status" class="turn" role="status">${esc(say)}</p>`;
  if (me.link && !me.over) o += `<p><a class="button primary" id="p-go" href="${esc(me.link)}">${esc(t('cl_goGame'))}</a></p>`;
  o += standingsHTML(v) + `</section>`;
  app.innerHTML = o;
  // A new round: off to its room, once; back here after it.
  if (me.link && !me.over && v.status !== 'ended') {
    sessionStorage.setItem('tabula.classOf.' + me.room, '#/class/' + C.id + '/' + C.token);
    const went = 'tabula.went.' + me.room;
    if (!sessionStorage.getItem(went)) {
      sessionStorage.setItem(went, '1');
      location.hash = me.link.replace(/^\/?/, '');
    }
  }
}

// ------------------------------------------------------------- the teacher

function renderDashboard(first) {
  const v = C.v;
  document.body.classList.toggle('projector', C.projector);
  document.title = t('cl_dashTitle', { code: v.code });
  const round = v.rounds[v.rounds.length - 1];
  const playing = round ? round.games.filter((g) => !g.result).length : 0;
  let o = `<section id="dashboard" class="dashboard" data-status="${esc(v.status)}" data-round="${v.rounds.length}" aria-labelledby="dash-h">`;
  o += `<h1 id="dash-h">${esc(t('cl_dashTitle', { code: v.code }))}</h1>`;
  o += `<div class="joinbox"><img class="qr bigqr" src="${esc(qr(v.join))}" width="320" height="320" alt="${esc(t('cl_qr', { code: v.code }))}">`;
  o += `<div><p class="joinhint">${esc(t('cl_joinAt'))}</p><p class="joinurl">${esc(abs('/join'))}</p>`;
  o += `<p class="bigcode" id="d-code" aria-label="${esc(t('cl_codeIs', { code: v.code.split('').join(' ') }))}">${esc(v.code)}</p>`;
  o += `<p id="d-count" role="status">${esc(t('cl_players', { n: v.players.length, max: v.max }))} · ${esc(t('cl_p_' + v.pairing))} · ${esc(t('cl_status_' + v.status))}</p>`;
  o += `<ul class="names">${v.players.map((p) => `<li>${esc(p.name)}</li>`).join('')}</ul></div></div>`;
  o += `<div class="controls" role="group" aria-label="${esc(t('cl_controls'))}">`;
  const canRound = v.status === 'open' && playing === 0 && v.players.length >= 2 && v.rounds.length < v.planned;
  const nextKey = v.rounds.length >= v.planned && v.rounds.length ? 'cl_allPlayed' : v.rounds.length ? 'cl_next' : 'cl_first';
  o += `<button class="primary" id="d-next"${canRound ? '' : ' disabled'}>${esc(t(nextKey, { n: v.rounds.length + 1, of: v.planned }))}</button>`;
  if (v.status !== 'ended') {
    o += v.status === 'paused' ? `<button id="d-resume">${esc(t('cl_resume'))}</button>` : `<button id="d-pause">${esc(t('cl_pause'))}</button>`;
    o += `<button id="d-end">${esc(t('cl_end'))}</button>`;
  }
  o += `<a class="button" id="d-csv" href="/api/classes/${esc(v.id)}/results.csv" download>${esc(t('cl_csv'))}</a>`;
  o += `<a class="button" id="d-records" href="/api/classes/${esc(v.id)}/records" download>${esc(t('cl_records'))}</a>`;
  o += `<button id="d-projector" aria-pressed="${C.projector}">${esc(t('cl_projector'))}</button></div>`;
  if (round) {
    o += `<h2 id="wall-h">${esc(t(playing ? 'cl_round' : 'cl_roundOver', { n: round.round, left: playing }))}</h2><ul class="wall" id="wall" aria-labelledby="wall-h">`;
    o += round.games.map((g) => `<li class="tile" data-room="${esc(g.room)}">${tileHTML(g)}</li>`).join('');
    o += `</ul>`;
  }
  o += standingsHTML(v) + `</section>`;
  const focus = document.activeElement && document.activeElement.id;
  app.innerHTML = o;
  if (focus && !first) { const el = document.getElementById(focus); if (el) el.focus(); }
  wireDashboard();
  watch(round);
}

// tileHTML is one game of the wall: who plays whom, the board as the
// room's spectators see it, who leads and, at the end, the result.
function tileHTML(g) {
  const b = C.boards[g.room];
  const who = `${name(g.players[0])} – ${name(g.players[1])}`;
  let o = `<h3>${esc(who)}</h3>`;
  o += `<div class="tileboard">${b && b.state ? preview({ board: b.board, state: b.state }, who) : ''}</div>`;
  o += `<p class="lead">${esc(leadText(g, b))}</p>`;
  o += `<p><a href="${esc(g.watch)}" target="_blank" rel="noopener">${esc(t('cl_watch', { who }))}</a></p>`;
  // the teacher's only: end a stuck game so that the next round can start
  if (g.links && !g.result && !(b && b.over)) {
    o += `<p><button type="button" class="d-abandon" data-room="${esc(g.room)}" data-who="${esc(who)}">${esc(t('cl_abandon', { who }))}</button></p>`;
  }
  // the seats' links, the teacher's only: for a pupil who lost her page
  if (g.links && g.links.some((x) => x)) {
    o += `<details class="seatlinks"><summary>${esc(t('cl_seatLinks'))}</summary><ul>`;
    o += g.links.map((x, i) => (x ? `<li><a href="${esc(x)}" target="_blank" rel="noopener">${esc(t('cl_seatOf', { name: name(g.players[i]) }))}</a></li>` : '')).join('');
    o += `</ul></details>`;
  }
  return o;
}

// leadText says who leads a game by its scores, or how it ended.
function leadText(g, b) {
  if (b && b.resultText) return pick(b.resultText);
  if (g.result) return t('cl_over');
  const s = b && b.state && b.state.scores;
  if (!s || s.length < 2) return '';
  if (s[0] === s[1]) return t('cl_level', { a: s[0], b: s[1] });
  const p = s[0] > s[1] ? 0 : 1;
  return t('cl_leads', { name: name(g.players[p]), a: Math.max(s[0], s[1]), b: Math.min(s[0], s[1]) });
}

// watch connects to every room of the round as a spectator (and drops
// the rooms of a round before); each event redraws its tile alone.
function watch(round) {
  const rooms = round ? round.games.map((g) => g.room) : [];
  for (const [id, b] of Object.entries(C.boards)) {
    if (!rooms.includes(id)) { b.conn.close(); delete C.boards[id]; }
  }
  for (const g of round ? round.games : []) {
    if (C.boards[g.room]) continue;
    const b = { state: null, board: null, resultText: null, over: false };
    const redraw = () => {
      const li = document.querySelector(`#wall .tile[data-room="${CSS.escape(g.room)}"]`);
      const game = C && C.v.rounds.length && C.v.rounds[C.v.rounds.length - 1].games.find((x) => x.room === g.room);
      if (li && game) { li.innerHTML = tileHTML(game); li.dataset.version = String(b.version || 0); }
    };
    const none = () => {};
    b.conn = new Conn(g.room, [], {
      welcome: (v) => { b.state = v.state; b.board = v.board; b.version = v.version; b.over = v.status !== 'open'; b.resultText = v.resultText || null; redraw(); },
      event: (m) => {
        b.version = m.event.version;
        if (m.state) b.state = m.state;
        if (m.event.kind === 'end') { b.over = true; b.resultText = m.event.resultText || null; announce(`${name(g.players[0])} – ${name(g.players[1])}: ${pick(m.event.resultText)}`); }
        redraw();
      },
      ack: none, reject: none, presence: none, token: none, note: none, state: none, lost: none, gone: none,
    }, getLanguage());
    C.boards[g.room] = b;
  }
}

function wireDashboard() {
  const act = (id, path) => {
    const el = document.getElementById(id);
    if (!el) return;
    el.addEventListener('click', async () => {
      clearError();
      el.disabled = true;
      try {
        C.v = await api('POST', `/api/classes/${encodeURIComponent(C.id)}/${path}`, undefined, undefined, C.token);
        C.delay = pollMin;
        render(false);
      } catch (err) { showError(err); el.disabled = false; }
    });
  };
  act('d-next', 'rounds');
  act('d-pause', 'pause');
  act('d-resume', 'resume');
  act('d-end', 'end');
  const wall = document.getElementById('wall');
  if (wall) wall.addEventListener('click', async (e) => {
    const el = e.target.closest('button.d-abandon');
    if (!el || !(await ask(t('cl_abandonAsk', { who: el.dataset.who }), t('cl_abandonYes')))) return;
    clearError();
    el.disabled = true;
    try {
      C.v = await api('POST', `/api/classes/${encodeURIComponent(C.id)}/games/${encodeURIComponent(el.dataset.room)}/abandon`, undefined, undefined, C.token);
      render(false);
    } catch (err) { showError(err); el.disabled = false; }
  });
  document.getElementById('d-projector').addEventListener('click', () => {
    C.projector = !C.projector;
    sessionStorage.setItem('tabula.projector', C.projector ? '1' : '0');
    render(false);
  });
}

// ------------------------------------------------------------- results

// standingsHTML is the results table, its tie-breaks named.
function standingsHTML(v) {
  if (!v.rounds.length) return '';
  let o = `<h2 id="table-h">${esc(t('cl_table'))}</h2><table id="standings" class="standings" aria-labelledby="table-h">`;
  o += `<caption>${esc(t('cl_tieBreaks'))}</caption><thead><tr>`;
  for (const k of ['cl_rank', 'cl_player', 'cl_points', 'cl_sb', 'cl_direct', 'cl_wins', 'cl_played']) o += `<th scope="col">${esc(t(k))}</th>`;
  o += `</tr></thead><tbody>`;
  for (const s of v.standings) {
    o += `<tr data-player="${s.player}"><td>${s.rank}</td><th scope="row">${esc(s.name)}</th><td class="points">${s.points}</td><td>${s.sonnebornBerger}</td><td>${s.direct}</td><td>${s.wins}</td><td>${s.played}</td></tr>`;
  }
  return o + `</tbody></table>`;
}
