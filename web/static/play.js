// The play page of the Tabula browser app: a game played at this device
// (people at one screen, or against the computer), its board, its turns
// animated and the people's moves sent back. The game is a room of the
// server (stored like an online room, so a reload or a restart of the
// server finds it as it was) whose person seats all belong to this
// device: the page keeps their tokens in localStorage and plays over one
// WebSocket, sending each seat's moves with that seat's token.

import { t, tn, pick } from './i18n.js';
import { shape, playerName, setPlayerNames, boardUI } from './boards.js';
import { w, ask, guarded, MoveList } from './ux.js';
import { moveListHTML, analysisHTML, startReplayOnce, replayTo, replayNext, goToPly, toggleAutoplay, stopAutoplay, analyseOnce, graphOnce } from './replay.js';
import { rove, neighbour, roveInit } from './keys.js';
import { app, esc, sleep, api, games, speeds, speed, showError, clearError, current, setCurrent, routeSeq, stale, focusPage, seatLabel } from './app.js';
import { localTokens, connect, sendMsg, createLocal, roomSeats, pump } from './playroom.js';

export let P = null;     // the play page's state

// forgetPlay drops the play page's state and closes its connection: the
// next play page starts afresh.
export function forgetPlay() {
  if (P) {
    P.closing = true;
    clearTimeout(P.timer);
    if (P.ws) P.ws.close(1000);
  }
  P = null;
}

export async function pagePlay(id) {
  if (P && P.match.id === id) {
    setCurrent({ name: 'play', rerender: renderPlay });
    renderPlay();
    return;
  }
  forgetPlay();
  const seq = routeSeq;
  await api('GET', '/api/rooms/' + encodeURIComponent(id)); // a missing room is a missing page
  const list = await games();
  if (stale(seq)) return;
  const tokens = localTokens(id);
  if (!Object.keys(tokens).length) {
    // Not a game of this device: watch it as a spectator.
    location.replace('#/room/' + encodeURIComponent(id));
    return;
  }
  P = { match: { id, seats: [], turns: [], state: null }, tokens, game: null, board: null, geo: null, shown: null, busy: false, selected: null,
    list: new MoveList(), turned: false, resigned: undefined, analysis: null, boardFocus: null, committed: {},
    secret: null, replay: null, frame: null, cowries: null, log: [], version: -1, queue: [], retry: 0, conn: 'connecting', games: list };
  setCurrent({ name: 'play', rerender: renderPlay });
  await new Promise((resolve) => connect(P, resolve));
}

// seatName names a seat when a person plays the computer: "You" and
// "Computer (level)"; null keeps "Player N" (people only, or several).
function seatName(p) {
  if (!P || !P.match || !current || current.name !== 'play') return null;
  const seats = P.match.seats;
  const people = seats.filter((x) => x === 'human').length;
  if (people === seats.length) return null;
  if (seats[p] === 'human') return people === 1 ? w('you') : null;
  const computers = seats.map((x, i) => (x !== 'human' ? i : -1)).filter((i) => i >= 0);
  const spec = seats[p] || '';
  const lvl = spec.includes(':') ? t('lvl_' + spec.split(':')[1]) : w('lvl_' + spec);
  return computers.length === 1 ? w('computer', { level: lvl }) : w('computerN', { n: computers.indexOf(p) + 1, level: lvl });
}
setPlayerNames(seatName);

// solo reports whether player p is the only person, against the computer.
function solo(p) { return !!P && P.match.seats[p] === 'human' && P.match.seats.filter((x) => x === 'human').length === 1 && P.match.seats.length > 1; }

// local reports whether player p is a person at this device.
function local(p) { return P.match.seats[p] === 'human' && !!P.tokens[p]; }

// chooser is the person who chooses now, or -1. When several people of
// this device choose at once (hidden choices), they choose in turn, each
// out of the others' sight; the server keeps each choice until all have
// chosen.
function chooser() {
  const s = P.shown;
  if (P.busy || P.pending || P.replay || s.terminal || P.resigned !== undefined || P.match.status !== 'open') return -1;
  const all = s.toMove.filter(local);
  const hs = all.filter((p) => !P.committed[p]);
  if (all.length < 2) P.secret = null;
  if (hs.length === 0) return -1;
  if (all.length > 1) {
    const idx = all.length - hs.length;
    if (!P.secret || P.secret.ply !== s.ply || P.secret.idx !== idx) P.secret = { ply: s.ply, idx, stage: 'lookaway' };
  }
  return hs[0];
}

function status() {
  if (P.replay) return 'replay';
  if (P.busy || P.pending) return 'busy';
  // (an expired room is over too: idle rooms expire after --room-idle)
  if (P.shown.terminal || P.resigned !== undefined || P.match.status !== 'open') return 'over';
  const c = chooser();
  if (c < 0) return 'wait';
  if (P.secret && P.secret.stage === 'lookaway') return 'handover';
  return 'input';
}

// uiFor is what the person may click on the board now.
function uiFor() {
  const c = chooser();
  return boardUI(P.board, P.shown, status() === 'input' ? c : -1, P.selected, t('boardOf', { name: P.game.name }));
}

function legalList() {
  const c = chooser();
  if (c < 0 || status() !== 'input') return [];
  return (P.shown.legal && P.shown.legal[String(c)]) || [];
}

// chanceName is the game's name for a chance outcome ("talad" for a throw
// of 3), from its words, or ''.
function chanceName(turn) {
  const key = 'chance_' + turn.move;
  const w = t(key);
  return w !== key ? w : '';
}

function describeTurn(turn) {
  if (turn.actors[0] === -1) {
    const label = P && P.board.kind === 'grid' ? t('chance') : t('chanceOther');
    const name = chanceName(turn);
    return `${label}: ${turn.move}` + (name ? ` (${name})` : '');
  }
  const who = turn.actors.map((a) => playerName(a)).join(' + ');
  return `${who}: ${turn.move}`;
}

function resultText(s) {
  if (P.resigned !== undefined && !P.replay) {
    const n = P.match.seats.length;
    const other = 1 - P.resigned;
    return w('resigned', { player: playerName(P.resigned) }) + (n === 2 ? ' ' + (solo(other) ? w('youWin') : t('wins', { player: playerName(other) })) : '');
  }
  if (!s.terminal || !s.outcome) return '';
  if (s.outcome.draw) return t('draw');
  if (solo(s.outcome.winner)) return w('youWin');
  return t('wins', { player: playerName(s.outcome.winner) });
}

function phaseText(s) {
  const parts = [];
  // the game names its phases in its words; a phase it does not name is
  // not shown
  const phase = 'phase_' + s.phase;
  if (s.phase && !s.terminal && t(phase) !== phase) parts.push(t(phase));
  if (s.round) parts.push(t('round', { n: s.round }));
  if (s.terminal && s.end) parts.push(t('endReason', { why: t('end_' + s.end) !== 'end_' + s.end ? t('end_' + s.end) : s.end }));
  return parts.join(' · ');
}

// lastMover is the player of the last move (not a throw) that led to
// state s, or -1 (none, or several at once).
function lastMover(s) {
  const turns = P.replay ? P.replay.turns : P.match.turns;
  for (let k = Math.min(s.ply, turns.length); k > 0; k--) {
    const a = turns[k - 1].actors;
    if (a.length === 1 && a[0] >= 0) return a[0];
    if (a.length > 1) return -1;
  }
  return -1;
}

// events tells in words what the last turn did: the messages the game
// gives with the state ("told"), each a key of its words and arguments.
function events(s) {
  const arg = (k, v) => {
    if (k === 'player') return playerName(v);
    if (v && typeof v === 'object' && v.noun) return tn(v.noun, v.n);
    if (v && typeof v === 'object' && v.key) return message(v);
    return v;
  };
  const message = (m) => {
    const args = {};
    for (const [k, v] of Object.entries(m.args || {})) args[k] = arg(k, v);
    // a message about the last move that names no player gets its mover
    if (args.player === undefined && mover >= 0) args.player = playerName(mover);
    return t(m.key, args);
  };
  const mover = lastMover(s);
  return (s.told || []).map(message);
}

function renderPlay() {
  if (!P || !P.shown || !current || current.name !== 'play') return;
  const s = P.shown;
  const m = P.match;
  document.title = `${P.game.name} – ${t('title')}`;
  const st = status();
  const c = chooser();
  let o = `<section id="play" data-game="${esc(m.game)}" data-status="${st}" data-conn="${P.conn}" data-drops="${P.drops || 0}" aria-labelledby="play-h">`;
  o += `<h1 id="play-h">${esc(P.game.name)}</h1><p class="back"><a href="#/game/${esc(m.game)}">${esc(t('rulesAndOptions'))}</a></p>`;
  o += `<div class="playgrid"><div class="boardcol">`;
  const computer = m.seats.some((x) => x !== 'human');
  const thinking = st === 'wait' || (st === 'busy' && P.pending && computer);
  o += `<p id="turn" class="turn${thinking ? ' thinking' : ''}" aria-live="polite">${thinking ? '<span class="spinner" aria-hidden="true"></span>' : ''}${esc(turnLine(st, c))}</p>`;
  if (P.conn === 'offline') o += `<p id="conn" class="conn offline" role="status">${esc(w('playOffline'))}</p>`;
  o += `<div id="board" class="boardbox${P.turned ? ' turned' : ''}"></div>`;
  if (P.board.tray) o += `<div class="traybox"><div id="tray"></div><p id="throws" class="throws"></p></div>`;
  o += `<p id="phase" class="phase">${esc(phaseText(s))}</p>`;
  const ev = P.busy || P.replay ? [] : events(s);
  if (ev.length) o += `<ul id="events" class="events" aria-live="polite">` + ev.map((x) => `<li>${esc(x)}</li>`).join('') + `</ul>`;
  if (st === 'handover') {
    const who = playerName(c);
    o += `<div id="handover" class="handover" role="dialog" aria-modal="false" aria-labelledby="handover-h"><h2 id="handover-h">${esc(t('hidden_title', { player: who }))}</h2>`;
    if (P.secret.idx > 0) o += `<p>${esc(t('hidden_chosen'))} ${esc(t('hidden_handover', { player: who }))}</p>`;
    o += `<p>${esc(t('hidden_lookAway', { player: who }))}</p><button id="ready" class="primary">${esc(t('hidden_ready', { player: who }))}</button></div>`;
  }
  const legal = legalList();
  o += `<div id="legal" class="legal" ${legal.length ? '' : 'hidden'}><h2>${esc(t('legalMoves'))}</h2><div class="movebuttons" role="group" aria-label="${esc(t('legalMoves'))}">`;
  o += legal.map((mv) => `<button class="move" data-move="${esc(mv)}">${esc(mv)}</button>`).join('');
  o += `</div></div>${analysisHTML()}</div><aside class="side">`;
  if (s.terminal || (P.resigned !== undefined && !P.replay)) {
    o += `<div id="result" class="result" role="status"><h2 id="result-h" tabindex="-1">${esc(t('result'))}</h2><p class="resulttext">${esc(resultText(s))}</p></div>`;
  }
  o += `<h2>${esc(t('scores'))}</h2><ul class="seats">`;
  m.seats.forEach((seat, i) => {
    const active = s.toMove.includes(i) ? ' active' : '';
    const named = seatName(i) !== null;
    o += `<li class="seatline${active}"><svg class="icon" viewBox="0 0 30 30" aria-hidden="true">${shape(i, 15, 15, 9)}</svg> ${esc(playerName(i))} (${esc(t('shape_' + (i % 4)))})${named ? '' : ' – ' + esc(seatLabel(seat))}: <strong>${s.scores ? s.scores[i] : ''}</strong></li>`;
  });
  o += `</ul><p class="scorenote">${esc(t('scoreNote'))}</p><div class="controls" role="group" aria-label="${esc(t('moves'))}">`;
  const over = st === 'over';
  const people = m.seats.filter((x) => x === 'human').length;
  if (P.replay) {
    const n = P.replay.turns.length;
    o += `<p id="replaypos" aria-live="polite">${esc(t('replayPos', { i: P.replay.i, n }))}</p>`;
    o += `<button id="r-first">${esc(t('first'))}</button><button id="r-prev">${esc(t('prev'))}</button><button id="r-next" class="primary">${esc(t('next'))}</button><button id="r-last">${esc(t('last'))}</button>`;
    o += `<button id="r-auto" aria-pressed="${P.replay.auto ? 'true' : 'false'}">${esc(w(P.replay.auto ? 'stop' : 'autoplay'))}</button>`;
    o += `<button id="analyse">${esc(w('analyse'))}</button><button id="r-exit">${esc(t('backToGame'))}</button>`;
    o += `<p class="note" id="replayhelp">${esc(w('replayHelp'))}</p>`;
  } else {
    o += `<button id="undo" ${m.canUndo && !P.busy && P.resigned === undefined ? '' : 'disabled'}>${esc(t('undo'))}</button>`;
    o += `<button id="newgame" ${P.busy ? 'disabled' : ''}>${esc(t('newGame'))}</button>`;
    o += `<button id="replay" ${P.busy || m.turns.length === 0 ? 'disabled' : ''}>${esc(t('replay'))}</button>`;
    if (!over) o += `<button id="resign" ${P.busy ? 'disabled' : ''}>${esc(w('resign'))}</button>`;
    if (st === 'input' && people < m.seats.length) o += `<button id="hint">${esc(w('hint'))}</button>`;
    if (over) o += `<button id="analyse">${esc(w('analyse'))}</button>`;
    o += `<a id="download" class="button" href="/api/rooms/${esc(m.id)}/record?download=1" download>${esc(t('download'))}</a>`;
  }
  if (people > 1) o += `<button id="turnboard" aria-pressed="${P.turned ? 'true' : 'false'}">${esc(w('turnBoard'))}</button>`;
  o += `<label class="speed">${esc(t('speed'))} <select id="speed">` + Object.keys(speeds).map((k) => `<option value="${k}" ${k === speed() ? 'selected' : ''}>${esc(t('speed_' + k))}</option>`).join('') + `</select></label>`;
  o += `</div><h2>${esc(t('moves'))}</h2>`;
  o += moveListHTML();
  const watch = `${location.origin}/#/room/${m.id}`;
  o += `<section id="share" class="share" aria-labelledby="share-h"><h2 id="share-h">${esc(w('shareTitle'))}</h2><p class="note" id="share-d">${esc(w('shareHint'))}</p>`;
  o += `<p><input id="sharelink" class="link" readonly value="${esc(watch)}" aria-labelledby="share-h" aria-describedby="share-d"> <button id="sharecopy">${esc(w('copy'))}</button></p></section>`;
  o += `</aside></div></section>`;
  const focus = focusKey();
  app.innerHTML = o;
  drawBoard(P.frame);
  wirePlay();
  P.list.attach(document.getElementById('movelist'), !!P.replay);
  restoreFocus(focus);
}

// focusKey names the focused element of the play page so that it can be
// found again after a redraw; restoreFocus focuses it, or when it is gone
// a sensible neighbour, never leaving the focus on <body>.
function focusKey() {
  const a = document.activeElement;
  if (!a || a === document.body || !app.contains(a)) return null;
  if (a.id) return `#${a.id}`;
  if (a.dataset.ply) return `#movelist [data-ply="${a.dataset.ply}"]`;
  if (a.dataset.move !== undefined && a.closest('#legal')) return '#legal button.move';
  if (a.closest('#board')) return '#board';
  return '#play-h';
}
function restoreFocus(key) {
  if (!key) { if (document.activeElement === document.body) focusPage(); return; }
  if (key === '#board') return; // drawBoard keeps the board's focus
  let el = document.querySelector(key);
  if (!el || el.disabled) el = document.querySelector('#r-next:not([disabled]), #result-h, #play-h');
  if (el) { if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.tabIndex = -1; el.focus({ preventScroll: true }); }
}

// shownTurns is the number of turns that lead to the state shown.
function shownTurns() {
  const all = P.match.turns.length;
  if (!P.busy) return all;
  return Math.min(all, P.shownTurns !== undefined ? P.shownTurns : all);
}

function turnLine(st, c) {
  switch (st) {
    case 'input': return solo(c) ? w('yourTurnSolo') : t('yourTurn', { player: playerName(c) });
    case 'handover': return t('hidden_title', { player: playerName(c) });
    case 'busy': return P.lastLine || t('waiting');
    case 'over': return t('gameOver') + ' ' + resultText(P.shown);
    case 'replay': return t('replayPos', { i: P.replay.i, n: P.replay.turns.length });
    default: return t('computerThinks');
  }
}

// lastTrace is the trace of the last move before the state shown (throws
// left out), or null.
function lastTrace() {
  const R = P.replay;
  if (!R) return P.lastTrace || null;
  for (let k = R.i; k > 0; k--) if (R.turns[k - 1].actors[0] !== -1) return (R.traces && R.traces[k]) || null;
  return null;
}

// lastMarks marks the last move on the board from its trace, apart from
// the keyboard focus: the holes sown from and into, the square the man
// left and the squares it passed.
function lastMarks(trace) {
  const marks = {};
  if (!trace || !P.geo) return marks;
  const grid = P.board.kind === 'grid';
  const holes = P.geo.holes || 0;
  const place = (i) => (grid ? (P.geo.squares || [])[i] : (i >= 0 && i < holes ? i : undefined));
  for (const e of trace) {
    if (e.kind === 'lift' || (e.kind === 'step' && marks[place(e.from)] === undefined)) {
      const from = place(e.from);
      if (from !== undefined) marks[from] = 'lastfrom';
    }
    if (e.kind === 'drop' || e.kind === 'step') {
      const to = place(e.to);
      if (to !== undefined && marks[to] !== 'lastfrom') marks[to] = 'lastmove';
    }
  }
  return marks;
}

// drawBoard draws the shown state, or a frame of an animation.
function drawBoard(frame) {
  const box = document.getElementById('board');
  if (!box || !current || current.name !== 'play') return;
  const focused = document.activeElement && box.contains(document.activeElement)
    ? (document.activeElement.getAttribute('data-square') || document.activeElement.getAttribute('data-hole')) : null;
  const ui = frame ? { label: t('boardOf', { name: P.game.name }) } : uiFor();
  const view = frame || { ...P.board.view(P.shown), marks: lastMarks(lastTrace()) };
  box.innerHTML = P.board.svg(view, ui);
  if (P.board.tray) {
    const tray = document.getElementById('tray');
    const cv = frame && frame.cowries ? frame : { cowries: P.cowries };
    tray.innerHTML = P.board.tray(cv);
    const th = document.getElementById('throws');
    const throws = P.shown.terminal ? [] : ((frame || P.board.view(P.shown)).throws || []);
    let txt = `${t('throwsLeft')}:` + (throws.length ? '' : ' ' + t('noThrows'));
    const cw = (frame && frame.cowries && !frame.cowries.rolling) ? frame.cowries : P.cowries;
    if (cw && cw.value) txt = t('thrown', { n: cw.value, name: cw.name }) + ' · ' + txt;
    th.innerHTML = `<span>${esc(txt)}</span>` + throws.map((x) => `<span class="chip">${esc(x)}</span>`).join('');
  }
  roveInit(box, P.boardFocus);
  if (focused) {
    const el = box.querySelector(`[data-square="${focused}"][tabindex], [data-hole="${focused}"][tabindex]`);
    if (el) el.focus();
  }
}

function wirePlay() {
  const box = document.getElementById('board');
  const act = (el) => {
    if (!el) return;
    if (el.dataset.move !== undefined) { choose(el.dataset.move); return; }
    if (el.dataset.pick !== undefined) {
      P.selected = P.selected === el.dataset.pick ? null : el.dataset.pick;
      drawBoard(null);
      // the man's target next, where the move is made
      const next = (P.selected && box.querySelector('[data-move]')) || box.querySelector(`[data-square="${el.dataset.pick}"]`);
      if (next) next.focus();
    }
  };
  box.addEventListener('click', (e) => act(e.target.closest('[data-move],[data-pick]')));
  box.addEventListener('focusin', (e) => {
    const el = e.target.closest('[tabindex]');
    if (el && box.contains(el)) P.boardFocus = rove(box, el);
  });
  box.addEventListener('keydown', (e) => {
    if (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End') {
      const next = neighbour(box, e.target.closest('[tabindex]'), e.key);
      if (next) { e.preventDefault(); e.stopPropagation(); next.focus(); }
    } else if (e.key === 'Enter' || e.key === ' ') {
      const el = e.target.closest('[data-move],[data-pick]');
      if (el) { e.preventDefault(); act(el); }
    } else if (e.key === 'Escape' && P.selected) { P.selected = null; drawBoard(null); }
  });
  document.querySelectorAll('#legal button.move').forEach((b) => b.addEventListener('click', () => choose(b.dataset.move)));
  const on = (id, fn) => { const el = document.getElementById(id); if (el) el.addEventListener('click', fn); };
  on('ready', () => { P.secret.stage = 'choose'; renderPlay(); const first = document.querySelector('#board [data-move]'); if (first) first.focus(); });
  on('sharecopy', async () => {
    const input = document.getElementById('sharelink');
    try { await navigator.clipboard.writeText(input.value); } catch (e) { input.select(); document.execCommand('copy'); }
    document.getElementById('sharecopy').textContent = w('copied');
  });
  on('undo', undoOnce);
  on('newgame', newGameOnce);
  on('replay', startReplayOnce);
  on('resign', resignOnce);
  on('hint', analyseOnce);
  on('analyse', analyseOnce);
  on('loadgraph', graphOnce);
  on('turnboard', () => { P.turned = !P.turned; renderPlay(); });
  on('r-first', () => replayTo(0));
  on('r-prev', () => replayTo(P.replay.i - 1));
  on('r-next', replayNext);
  on('r-last', () => replayTo(P.replay.turns.length));
  on('r-auto', toggleAutoplay);
  on('r-exit', () => { stopAutoplay(); P.replay = null; P.analysis = null; P.shown = P.match.state; P.frame = null; renderPlay(); pump(); });
  document.querySelectorAll('#play .mvbtn').forEach((b) => b.addEventListener('click', () => goToPly(Number(b.dataset.ply))));
  const sp = document.getElementById('speed');
  if (sp) sp.addEventListener('change', () => localStorage.setItem('tabula.speed', sp.value));
}

async function choose(mv) {
  if (status() !== 'input') return;
  const c = chooser();
  P.selected = null;
  clearError();
  P.analysis = null;
  // The seat comes from the token: each person's move carries theirs.
  if (!sendMsg({ type: 'move', version: P.version, move: mv, token: P.tokens[c] })) return;
  P.pending = true;
  P.lastLine = P.match.seats.some((x) => x !== 'human') ? t('computerThinks') : t('waiting');
  if (P.secret) P.secret = null; // the next person hands over first
  renderPlay();
}

// announce tells screen readers what happened, in a live region that
// stays in place while the page is redrawn.
function announce(text) {
  const el = document.getElementById('announce');
  if (!el || !text) return;
  const p = document.createElement('p');
  p.textContent = text;
  el.appendChild(p);
  while (el.childNodes.length > 6) el.removeChild(el.firstChild);
}

async function animateSteps(steps) {
  P.busy = true;
  const base = P.match.turns.length - steps.length;
  for (let k = 0; k < steps.length; k++) {
    const step = steps[k];
    P.shownTurns = base + k;
    P.lastLine = describeTurn(step);
    announce(P.lastLine);
    renderPlay();
    await animateTurn(P.shown, step, step.state);
    if (step.actors[0] !== -1) P.lastTrace = step.trace;
    P.shown = step.state;
    P.shownTurns = base + k + 1;
    // captures, men sent back and round ends, for screen readers too
    if (k < steps.length - 1) for (const line of events(step.state)) announce(line);
  }
  P.busy = false;
  P.frame = null;
  P.shown = steps[steps.length - 1].state;
  renderPlay();
  for (const line of events(P.shown)) announce(line);
  announceTurn(true);
}

// announceTurn tells who is to move (or the result) and, if focus, puts
// the focus where the person acts.
function announceTurn(focus) {
  if (!P || !P.shown) return;
  const st = status();
  if (st === 'over') announce(t('gameOver') + ' ' + resultText(P.shown));
  else if (st === 'input' || st === 'handover') announce(turnLine(st, chooser()));
  if (focus) focusInput();
}

function focusInput() {
  const st = status();
  const first = st === 'over' ? document.getElementById('result-h')
    : document.querySelector('#board [data-move][tabindex="0"], #board [data-pick][tabindex="0"], #board [data-move], #board [data-pick], #ready, #legal button');
  if (first && (st === 'over' || st === 'input' || st === 'handover')) first.focus({ preventScroll: true });
}

async function animateTurn(prev, turn, next) {
  const delay = speeds[speed()];
  let frames = [];
  try { frames = P.board.frames(prev, turn.trace || [], P.geo) || []; } catch (e) { frames = []; }
  for (const f of frames) if (f.cowries && !f.cowries.rolling) f.cowries.name = chanceName(turn);
  if (delay > 0) {
    const per = Math.max(15, Math.min(delay, 4000 / Math.max(1, frames.length)));
    for (const f of frames) {
      if (P.skip) break; // the person skipped ahead
      P.frame = f;
      drawBoard(f);
      await sleep(per);
    }
  }
  const last = frames.length ? frames[frames.length - 1] : null;
  if (last && last.cowries && !last.cowries.rolling) P.cowries = last.cowries;
  P.frame = null;
}

// undo takes back the last turn of a person and the turns after it; the
// server checks that this device holds every person seat's token.
function undo() {
  clearError();
  if (!P.match.canUndo) return;
  if (sendMsg({ type: 'undo', version: P.version, tokens: Object.values(P.tokens) })) {
    P.pending = true;
    renderPlay();
  }
}

async function newGame() {
  clearError();
  const options = {};
  for (const kv of P.match.options) { const i = kv.indexOf('='); options[kv.slice(0, i)] = kv.slice(i + 1); }
  try {
    const id = await createLocal({ game: P.match.game, options, seats: roomSeats(P.match.seats) });
    forgetPlay();
    location.hash = '#/play/' + id;
  } catch (e) { showError(e); }
}

const undoOnce = guarded(async () => undo());

const newGameOnce = guarded(async () => {
  if (status() !== 'over' && P.match.turns.length > 0 && !(await ask(w('newAsk'), w('newYes')))) return;
  await newGame();
});

// resignOnce resigns for the only person, or the one choosing: in a game
// of two the other wins; in a bigger one the computer takes the seat.
const resignOnce = guarded(async () => {
  const people = P.match.seats.map((x, i) => (local(i) ? i : -1)).filter((i) => i >= 0);
  const c = chooser();
  const who = people.length === 1 ? people[0] : (c >= 0 ? c : people[0]);
  const two = P.match.seats.length === 2;
  if (!(await ask(w(two ? 'resignAsk' : 'giveUpAsk'), w('resignYes')))) return;
  clearError();
  sendMsg({ type: two ? 'resign' : 'give-up', token: P.tokens[who] });
});

// the play page's parts that replay.js and playroom.js use
export { renderPlay, announce, animateTurn, status, describeTurn, shownTurns, animateSteps, announceTurn, focusInput, resultText };
