// The one room view: the HTML of a room for whoever looks at it (its
// players at one device or on several, a spectator, a finished game),
// its board and the animation of its turns. A redraw changes the page in
// place (morphdom): the focus, the scroll position, an open menu and the
// element under the pointer stay.

import { isEngineRoom } from './engine.js';
import { morph, slot } from './morph.js';
import { drawnAs } from './drawn.js';
import { t, pick } from './i18n.js';
import { quickChat } from './contract.js';
import { shape, boardUI } from './boards.js';
import { w, esc, pct, seatLabel } from './ux.js';
import { roveInit } from './keys.js';
import { app, sleep, speeds, speed, current, focusPage, announce } from './api.js';
import { P, status, chooser, playerName, isPerson, local, mine, oneDevice, spectator, over, analysable, resultText, phaseText,
  told, turnLine, describeTurn, chanceName, shownTurns, clockMs, clockText, howTo, muted } from './roomstate.js';
import { panel, mistakes, graphSVG, coachList } from './analysis.js';
import { turnTitle, signalTurn, soundOn, notifyOn, canNotify } from './yourturn.js';
import { store } from './kiosk.js';

// shown reports whether the room page is the page shown.
const shown = () => !!P && !!P.shown && !!current && current.name === 'room';

// keptState is the state keepBoard kept last.
let keptState = null;

// keepBoard keeps the board of a game of the engine in the browser as it
// stands (the last such game only), for the page to draw while the engine
// loads after a reload (lastBoard).
function keepBoard() {
  if (!isEngineRoom(P.id) || !P.match || !P.geo || P.match.state === keptState) return;
  keptState = P.match.state;
  try {
    store.setItem('tabula.lastBoard', JSON.stringify({ room: P.id, name: P.game.name, start: { board: P.geo, state: P.match.state } }));
  } catch (e) { /* no room left: the page says that the engine loads */ }
}

// lastBoard is what keepBoard kept of room id ({name, start: {board,
// state}}, as boards.js's preview draws it), or null.
export function lastBoard(id) {
  try {
    const kept = JSON.parse(store.getItem('tabula.lastBoard') || 'null');
    return kept && kept.room === id ? kept : null;
  } catch (e) { return null; }
}

// renderRoom draws the room; the first time it replaces the page, then
// it changes what changed.
export function renderRoom() {
  if (!shown()) return;
  keepBoard();
  const parts = roomParts();
  const el = document.getElementById('room');
  if (el && el.dataset.id === P.id) {
    const slots = {};
    for (const id in parts) slots[id] = slot(parts[id]);
    morph(el, roomHTML(slots), parts);
  } else {
    app.innerHTML = roomHTML(parts);
    const room = document.getElementById('room');
    drawnAs(room, parts);
    P.wire(room);
  }
  // the move of a person here in a game on several devices: the tab says
  // so (and a sound or a notification, if asked for)
  const yours = status() === 'input' && !oneDevice() && !P.record;
  document.title = turnTitle(P.game.name, yours);
  signalTurn(yours, P.game.name, !P.signalled);
  P.signalled = true;
  const box = document.getElementById('board');
  if (box) roveInit(box, P.boardFocus);
  P.list.attach(document.getElementById('movelist'), !!P.replay);
  if (document.activeElement === document.body) focusPage();
}

// roomParts is the markup of the room's largest parts, which roomHTML
// places by id and a redraw changes only when they changed: the board,
// the tray and the throws beside it, the move list.
function roomParts() {
  const parts = { board: boardHTML(P.frame), movelist: moveListHTML() };
  if (P.board.tray) {
    parts.tray = trayPart(P.frame);
    parts.throws = throwsPart(P.frame);
  }
  return parts;
}

// roomHTML is the room's markup around parts (roomParts', in full or as
// slots).
function roomHTML(parts) {
  const s = P.shown;
  const m = P.match;
  const st = status();
  const c = chooser();
  let o = `<section id="room" data-id="${esc(P.id)}" data-game="${esc(m.game)}" data-status="${st}" data-room="${esc(m.status)}" data-conn="${P.conn}" data-drops="${P.drops || 0}" data-version="${P.version}" data-seat="${P.seat}" data-seats="${mine().join(' ')}"${P.replay ? ` data-step="${P.replay.i}"` : ''} aria-labelledby="room-h">`;
  // a pupil's game of a class leads back to her page of the class
  const cls = sessionStorage.getItem('tabula.classOf.' + P.id);
  o += `<h1 id="room-h">${esc(P.game.name)}</h1><p class="back">${cls ? `<a id="toclass" href="${esc(cls)}">${esc(t('cl_back'))}</a> · ` : ''}<a href="#/game/${esc(m.game)}">${esc(t('rulesAndOptions'))}</a></p>`;
  if (P.lost) o += `<p id="lost" class="note" role="status">${esc(P.lost)}</p>`;
  o += `<div class="playgrid"><div class="boardcol">`;
  // a sign of progress while the computer (or the server) is at work
  const computer = m.seats.some((x) => x.kind !== 'person');
  const thinking = (st === 'wait' && s.toMove.some((a) => a >= 0 && !isPerson(a))) || (st === 'busy' && P.pending && computer);
  o += `<p id="turn" class="turn${thinking ? ' thinking' : ''}">${thinking ? '<span class="spinner" aria-hidden="true"></span>' : ''}${esc(turnLine())}</p>`;
  if (P.conn !== 'online' && !P.record) o += `<p id="conn" class="conn ${P.conn}" role="status">${esc(connLine())}</p>`;
  if (P.note) o += `<p id="note" class="note" role="alert">${esc(P.note)}</p>`;
  // the board with its players beside their sides (the seats of the
  // other sides above it, the bottom side's below), the tray beside it
  const bottom = P.turned ? 1 : 0;
  const others = m.seats.map((_, i) => i).filter((i) => i !== bottom);
  o += `<div class="arena${P.board.tray ? ' withtray' : ''}"><div class="boardside">${barsHTML(others, 'top')}`;
  o += `${parts.board}${barsHTML([bottom], 'bottom')}</div>`;
  if (P.board.tray) o += `<div class="traybox">${parts.tray}${parts.throws}</div>`;
  o += `</div>`;
  const how = howTo();
  o += `<p id="howto" class="howto${how.on ? '' : ' off'}"${how.on ? '' : ' aria-hidden="true"'}>${esc(how.text)}</p>`;
  if (st === 'handover') {
    const who = playerName(c);
    o += `<div id="handover" class="handover" role="group" aria-labelledby="handover-h"><h2 id="handover-h">${esc(t('hidden_title', { player: who }))}</h2>`;
    if (P.secret.idx > 0) o += `<p>${esc(t('hidden_chosen'))} ${esc(t('hidden_handover', { player: who }))}</p>`;
    o += `<p>${esc(t('hidden_lookAway', { player: who }))}</p><button id="ready" class="primary">${esc(t('hidden_ready', { player: who }))}</button></div>`;
  }
  if (P.choice && !over()) o += `<p id="choice" class="note">${esc(w('yourChoice', { move: P.choice }))}</p>`;
  const legal = st === 'input' ? ((s.legal && s.legal[String(c)]) || []) : [];
  // one row that scrolls sideways, its place kept while others move, so
  // that nothing below moves as the turn changes
  o += `<div id="legal" class="legal${legal.length ? '' : ' off'}"${legal.length ? '' : ' aria-hidden="true"'}><h2>${esc(t('legalMoves'))}</h2><div class="movebuttons" role="group" aria-label="${esc(t('legalMoves'))}">`;
  o += legal.map((mv) => `<button class="move" data-move="${esc(mv)}">${esc(mv)}</button>`).join('');
  o += `</div></div>`;
  o += `<p id="phase" class="phase">${esc(phaseText(s))}</p>`;
  const ev = P.busy || P.replay ? [] : told(s);
  o += `<ul id="events" class="events">` + ev.map((x) => `<li>${esc(x)}</li>`).join('') + `</ul>`;
  o += `${analysisHTML()}</div><aside class="side">`;
  if (over() && !P.replay) {
    o += `<div id="result" class="result" role="status"><h2 id="result-h" tabindex="-1">${esc(t('result'))}</h2><p class="resulttext">${esc(resultText())}</p></div>`;
  }
  o += `<h2>${esc(t('scores'))}</h2><ul class="seats">${seatsHTML()}</ul><p class="scorenote">${esc(t('scoreNote'))}</p>`;
  o += `<div class="controls" role="group" aria-label="${esc(t('moves'))}">${controlsHTML(st)}</div>`;
  o += chatHTML();
  o += `<h2>${esc(t('moves'))}</h2>${parts.movelist}`;
  if (P.seed && P.match.turns.some((x) => x.actors[0] === -1)) o += `<p id="seed" class="note">${esc(w('seed', { seed: P.seed }))}</p>`;
  // a room of the engine in the browser has no server to watch it from
  if (!spectator() && !P.record && !isEngineRoom(m.id)) {
    const watch = `${location.origin}/#/room/${m.id}`;
    o += `<section id="share" class="share" aria-labelledby="share-h"><h2 id="share-h">${esc(w('shareTitle'))}</h2><p class="note" id="share-d">${esc(w('shareHint'))}</p>`;
    o += `<p><input id="sharelink" class="link" readonly value="${esc(watch)}" aria-labelledby="share-h" aria-describedby="share-d"> <button id="sharecopy">${esc(w(P.copied ? 'copied' : 'copy'))}</button></p></section>`;
  }
  o += `</aside></div></section>`;
  return o;
}

function connLine() {
  switch (P.conn) {
    case 'offline': return w('offline', { s: Math.max(0, Math.round((P.retryAt - Date.now()) / 1000)) });
    case 'gone': return w('roomGone');
    default: return w('connecting');
  }
}

// ratingOf is a seat's rating as the server gives it (a number, or an
// object with one), or null.
function ratingOf(seat) {
  const r = seat.rating;
  const n = typeof r === 'number' ? r : r && typeof r.rating === 'number' ? r.rating : null;
  return n === null ? null : Math.round(n);
}

// barsHTML is a bar for each of the seats: its name and rating, whether
// it is online (in a game on several devices) and its clock, beside its
// side of the board; where is 'top' or 'bottom'.
function barsHTML(seats, where) {
  const s = P.shown;
  const online = !oneDevice();
  const now = Date.now();
  return `<div class="seatbars ${where}">` + seats.filter((i) => P.match.seats[i]).map((i) => {
    const seat = P.match.seats[i];
    const active = s.toMove.includes(i) && !over() ? ' active' : '';
    let o = `<div class="seatbar${active}" data-bar="${i}"><svg class="icon" viewBox="0 0 30 30" aria-hidden="true">${shape(i, 15, 15, 9)}</svg>`;
    o += `<span class="barname">${esc(playerName(i))}</span>`;
    const rating = ratingOf(seat);
    if (rating !== null) o += ` <span class="rating" title="${esc(w('rating'))}">${rating}</span>`;
    if (local(i) && online) o += ` <span class="you">(${esc(w('you'))})</span>`;
    // who is online is known only while this page is
    if (online && P.conn === 'online') o += ` <small class="presence">${esc(seat.online ? w('here') : w('away'))}${P.committed[i] ? ' · ' + esc(w('hasChosen')) : ''}</small>`;
    if (P.clocks) o += `<span class="clock${P.running.includes(i) && !over() ? ' running' : ''}" data-clock="${i}" data-ms="${P.clocks[i]}">${esc(clockText(clockMs(i, now)))}</span>`;
    return o + `</div>`;
  }).join('') + `</div>`;
}

function seatsHTML() {
  const s = P.shown;
  const online = !oneDevice();
  const now = Date.now();
  return P.match.seats.map((seat, i) => {
    const active = s.toMove.includes(i) && !over() ? ' active' : '';
    let o = `<li class="seatline${active}" data-seat="${i}" data-online="${seat.online}" data-committed="${!!P.committed[i]}"><svg class="icon" viewBox="0 0 30 30" aria-hidden="true">${shape(i, 15, 15, 9)}</svg> `;
    o += `${esc(playerName(i))} (${esc(t('shape_' + (i % 4)))})`;
    if (seat.kind !== 'person' || !seat.name) o += ` – ${esc(seatLabel(seat.kind === 'person' ? 'human' : seat.agent, local(i)))}`;
    if (local(i) && online) o += ` (${esc(w('you'))})`;
    o += `: <strong>${s.scores ? s.scores[i] : ''}</strong>`;
    const rep = replaceIn(i, now);
    if (rep === 0) o += ` <button class="replace" data-replace="${i}">${esc(w('replace', { player: playerName(i) }))}</button>`;
    else if (rep > 0) o += ` <small class="replacewait" data-replace-wait="${i}">${esc(w('replaceIn', { s: Math.ceil(rep / 1000) }))}</small>`;
    return o + `</li>`;
  }).join('');
}

// chatHTML is the room's chat (a room on a server, not at one device):
// the lines this browser may read, less those of the seats its player
// muted; quick messages in the page's language; a field for free text.
function chatHTML() {
  if (oneDevice() || P.record || isEngineRoom(P.match.id)) return '';
  const me = P.seat;
  const hidden = me >= 0 ? muted() : [];
  const lines = (P.chat || []).filter((l) => !(l.seat >= 0 && hidden.includes(l.seat)));
  let o = `<section id="chat" class="chat" aria-labelledby="chat-h"><h2 id="chat-h">${esc(w(spectator() ? 'chatSpectators' : 'chatPlayers'))}</h2>`;
  o += `<ol id="chatlines" class="chatlines">` + lines.map((l) => {
    const who = l.seat >= 0 ? playerName(l.seat) : (l.name || w('spectatorName'));
    const text = l.quick ? pick(l.words || quickChat[l.quick]) : l.text;
    return `<li data-n="${l.n}" data-channel="${esc(l.channel)}"><strong>${esc(who)}</strong>: ${esc(text)}</li>`;
  }).join('') + `</ol>`;
  if (P.conn === 'online') {
    o += `<div class="quick" role="group" aria-label="${esc(w('chatQuick'))}">` + Object.keys(quickChat).map((q) => `<button type="button" data-quick="${esc(q)}">${esc(pick(quickChat[q]))}</button>`).join('') + `</div>`;
    o += `<p class="chatsay"><input id="chattext" maxlength="200" aria-label="${esc(w('chatSay'))}"> <button id="chatsend">${esc(w('chatSend'))}</button></p>`;
    if (me >= 0) {
      for (const i of P.match.seats.map((_, i) => i).filter((i) => i !== me && isPerson(i))) {
        o += `<button type="button" data-mute="${i}" aria-pressed="${hidden.includes(i)}">${esc(w('chatMute', { player: playerName(i) }))}</button>`;
      }
    }
  }
  return o + `</section>`;
}

// replaceIn is how long until seat i may be given to the computer by this
// browser's person (0: now), or -1 when it may not.
export function replaceIn(i, now) {
  const seat = P.match.seats[i];
  if (P.conn !== 'online' || spectator() || oneDevice() || local(i) || !seat || seat.kind !== 'person' || seat.online || over() || P.awaySince[i] === undefined) return -1;
  return Math.max(0, P.awaySince[i] + P.grace - now);
}

function controlsHTML(st) {
  const m = P.match;
  let o = '';
  const one = oneDevice();
  const people = m.seats.filter((x) => x.kind === 'person').length;
  if (P.replay) {
    const n = P.replay.turns.length;
    o += `<p id="replaypos">${esc(t('replayPos', { i: P.replay.i, n }))}</p>`;
    o += `<button id="r-first">${esc(t('first'))}</button><button id="r-prev">${esc(t('prev'))}</button><button id="r-next" class="primary">${esc(t('next'))}</button><button id="r-last">${esc(t('last'))}</button>`;
    o += `<button id="r-auto" aria-pressed="${P.replay.auto ? 'true' : 'false'}">${esc(w(P.replay.auto ? 'stop' : 'autoplay'))}</button>`;
    if (analysable()) o += `<button id="analyse">${esc(w('analyse'))}</button>`;
    o += `<button id="r-exit">${esc(t('backToGame'))}</button><p class="note" id="replayhelp">${esc(w('replayHelp'))}</p>`;
  } else {
    const fin = over();
    if (one) {
      o += `<button id="undo" ${m.canUndo && !P.busy && !P.clocks ? '' : 'disabled'}>${esc(t('undo'))}</button>`;
      o += `<button id="newgame" ${P.busy ? 'disabled' : ''}>${esc(t('newGame'))}</button>`;
    }
    o += `<button id="replay" ${P.busy || m.turns.length === 0 ? 'disabled' : ''}>${esc(t('replay'))}</button>`;
    if (!fin && mine().length) {
      if (m.seats.length === 2) o += `<button id="resign" ${P.busy ? 'disabled' : ''}>${esc(w('resign'))}</button>`;
      if (!one || m.seats.length > 2) o += `<button id="giveup">${esc(w('giveUp'))}</button>`;
      if (!one && m.seats.length === 2) {
        const me = mine()[0];
        if (P.offer === 1 - me) o += `<button id="drawbtn" class="primary">${esc(w('acceptDraw'))}</button><button id="declinebtn">${esc(w('decline'))}</button>`;
        else if (P.offer !== me) o += `<button id="drawbtn">${esc(w('offerDraw'))}</button>`;
      }
    }
    if (P.offer >= 0 && !fin) o += `<p id="offer" class="note">${esc(w('offers', { player: playerName(P.offer) }))}</p>`;
    if (st === 'input' && one && people < m.seats.length) o += `<button id="hint">${esc(w('hint'))}</button>`;
    if (fin) o += `<button id="analyse">${esc(w('analyse'))}</button>`;
    if (fin && !one && mine().length && !P.next) o += `<button id="rematch" class="primary">${esc(w('rematch'))}</button>`;
    if (P.next) o += `<a id="torematch" class="button primary" href="#/room/${esc(P.next)}${P.tokens[P.seat] ? '/' + esc(P.tokens[P.seat]) : ''}">${esc(w('toRematch'))}</a>`;
    const rec = P.record ? `/api/archive/${esc(m.id)}` : `/api/rooms/${esc(m.id)}/record?download=1`;
    o += `<a id="download" class="button" href="${rec}" download>${esc(t('download'))}</a>`;
  }
  if (people > 1 && one) o += `<button id="turnboard" aria-pressed="${P.turned ? 'true' : 'false'}">${esc(w('turnBoard'))}</button>`;
  o += `<label class="speed">${esc(t('speed'))} <select id="speed">` + Object.keys(speeds).map((k) => `<option value="${k}" ${k === speed() ? 'selected' : ''}>${esc(t('speed_' + k))}</option>`).join('') + `</select></label>`;
  if (!one && !over() && mine().length && !P.replay) {
    o += `<button id="soundbtn" aria-pressed="${soundOn()}">${esc(w('soundOnMove'))}</button>`;
    if (canNotify()) o += `<button id="notifybtn" aria-pressed="${notifyOn()}">${esc(w('notifyOnMove'))}</button>`;
  }
  if (!one && !over() && P.seat >= 0 && !P.replay) {
    o += `<p class="rename"><input id="myname" maxlength="40" value="${esc(P.match.seats[P.seat].name || '')}" aria-label="${esc(w('name'))}"> <button id="rename">${esc(w('rename'))}</button></p>`;
    o += `<button id="newlinkbtn">${esc(w('newLink'))}</button>`;
    if (P.newLink) o += `<p id="newlink">${esc(w('newLinkIs'))} <input readonly class="link" value="${esc(location.origin + P.newLink)}" aria-label="${esc(w('newLink'))}"></p>`;
  }
  return o;
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
  const place = P.board.key;
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

// boardHTML, trayPart and throwsPart are the board, the tray and the
// throws, each with its element, for a frame of an animation (or the
// state shown).
const boardHTML = (frame) => `<div id="board" class="boardbox${P.turned ? ' turned' : ''}">${boardSVG(frame)}</div>`;
const trayPart = (frame) => `<div id="tray">${trayHTML(frame)}</div>`;
const throwsPart = (frame) => `<p id="throws" class="throws">${throwsHTML(frame)}</p>`;

function boardSVG(frame) {
  const c = chooser();
  const ui = frame ? { label: t('boardOf', { name: P.game.name }) }
    : boardUI(P.board, P.shown, status() === 'input' ? c : -1, P.selected, t('boardOf', { name: P.game.name }));
  ui.explore = true;
  const view = frame || { ...P.board.view(P.shown), marks: lastMarks(lastTrace()) };
  return P.board.svg(view, ui);
}

function trayHTML(frame) {
  return P.board.tray(frame && frame.cowries ? frame : { cowries: P.cowries });
}

function throwsHTML(frame) {
  const throws = P.shown.terminal ? [] : ((frame || P.board.view(P.shown)).throws || []);
  let txt = `${t('throwsLeft')}:` + (throws.length ? '' : ' ' + t('noThrows'));
  const cw = (frame && frame.cowries && !frame.cowries.rolling) ? frame.cowries : P.cowries;
  if (cw && cw.value) txt = t('thrown', { n: cw.value, name: cw.name }) + ' · ' + txt;
  return `<span>${esc(txt)}</span>` + throws.map((x) => `<span class="chip">${esc(x)}</span>`).join('');
}

// drawBoard draws a frame of an animation (or the state shown) on the
// board alone.
export function drawBoard(frame) {
  const box = document.getElementById('board');
  if (!box || !shown()) return;
  morph(box, boardHTML(frame));
  if (P.board.tray) {
    morph(document.getElementById('tray'), trayPart(frame));
    morph(document.getElementById('throws'), throwsPart(frame));
  }
  roveInit(box, P.boardFocus);
}

// tick redraws what time changes: the clocks and the seconds until a
// reconnection or a replacement.
export function tick() {
  if (!shown()) return;
  const now = Date.now();
  document.querySelectorAll('#room [data-clock]').forEach((el) => setText(el, clockText(clockMs(Number(el.dataset.clock), now))));
  const conn = document.getElementById('conn');
  if (conn && P.conn === 'offline') setText(conn, connLine());
  const due = P.match.seats.some((_, i) => {
    const r = replaceIn(i, now);
    const btn = document.querySelector(`#room [data-replace="${i}"]`);
    return (r === 0) !== !!btn || (r > 0 && document.querySelector(`#room [data-replace-wait="${i}"]`) === null);
  });
  if (due) renderRoom();
  else document.querySelectorAll('#room [data-replace-wait]').forEach((el) => setText(el, w('replaceIn', { s: Math.ceil(replaceIn(Number(el.dataset.replaceWait), now) / 1000) })));
}

// setText writes text only when it changed: an unchanged clock costs the
// page no layout or paint.
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

// animateTurn plays the trace of a turn on the board.
export async function animateTurn(prev, turn) {
  const delay = speeds[speed()];
  let frames = [];
  try { frames = P.board.frames(prev, turn.trace || [], P.geo) || []; } catch (e) { frames = []; }
  for (const f of frames) if (f.cowries && !f.cowries.rolling) f.cowries.name = chanceName(turn);
  const me = P;
  const viewed = P.viewed;
  if (delay > 0) {
    const per = Math.max(15, Math.min(delay, 4000 / Math.max(1, frames.length)));
    for (const f of frames) {
      if (P.skip) break; // the person skipped ahead
      P.frame = f;
      drawBoard(f);
      await sleep(per);
      if (P !== me) return;
      if (P.viewed !== viewed) { P.frame = null; return; } // a newer view is shown
    }
  }
  const last = frames.length ? frames[frames.length - 1] : null;
  if (last && last.cowries && !last.cowries.rolling) P.cowries = last.cowries;
  P.frame = null;
}

// animateSteps shows turns that arrived one after the other, animated,
// and tells each in the live region.
// A view taken meanwhile (a reconnection, a refusal) holds the room as the
// server has it, newer than these steps: the animation stops there, or it
// would leave the page showing an older state than the one it plays on.
export async function animateSteps(steps) {
  const me = P;
  const viewed = P.viewed;
  P.busy = true;
  const base = P.match.turns.length - steps.length;
  for (let k = 0; k < steps.length; k++) {
    const step = steps[k];
    P.shownTurns = base + k;
    P.lastLine = describeTurn(step);
    // a throw the game tells of ("Ana threw 3") is told once, in its words
    if (step.actors[0] !== -1 || !told(step.state).length) announce(P.lastLine);
    renderRoom();
    await animateTurn(P.shown, step);
    if (P !== me) return;
    if (P.viewed !== viewed) { // the view was drawn and announced when taken
      P.frame = null;
      renderRoom(); // over a frame drawn meanwhile
      return;
    }
    if (step.actors[0] !== -1) P.lastTrace = step.trace;
    P.shown = step.state;
    P.shownTurns = base + k + 1;
    // captures, men sent back and round ends, for screen readers too
    if (k < steps.length - 1) for (const line of told(step.state)) announce(line);
  }
  P.busy = false;
  P.frame = null;
  P.shown = steps[steps.length - 1].state;
  renderRoom();
  for (const line of told(P.shown)) announce(line);
  announceTurn(true);
}

// announceTurn tells who is to move (or the result) and, if focus, puts
// the focus where a person of this device acts.
export function announceTurn(focus) {
  if (!P || !P.shown) return;
  const st = status();
  if (st !== 'over') announce(turnLine());
  else if (P.match.status !== 'open') announceEnd(); // else its end event, on its way, tells it
  if (focus) focusInput();
}

// announceEnd tells the result, once a room.
export function announceEnd() {
  if (P.toldEnd) return;
  P.toldEnd = true;
  announce(t('gameOver') + ' ' + resultText());
}

// focusInput puts the focus where the person acts, if a person of this
// device acts now and the focus is not in a field or the side panel.
export function focusInput() {
  const st = status();
  const a = document.activeElement;
  if (a && a !== document.body && a.isConnected && a.closest('aside, input, select, #legal') && st !== 'over') return;
  const first = st === 'over' ? document.getElementById('result-h')
    : document.querySelector('#board [data-move][tabindex="0"], #board [data-pick][tabindex="0"], #board [data-move], #board [data-pick], #ready, #legal button');
  if (first && (st === 'over' || st === 'input' || st === 'handover')) first.focus({ preventScroll: true });
}

// moveListHTML lists the turns played up to the state shown; in a replay
// and at the end every turn is a button that goes to the position after it.
function moveListHTML() {
  const R = P.replay;
  const turns = R ? R.turns : P.match.turns.slice(0, shownTurns());
  if (!turns.length) return `<p id="movelist" class="movelist">${esc(t('noMoves'))}</p>`;
  const links = R || status() === 'over';
  const at = R ? R.i : turns.length;
  return `<ol id="movelist" class="movelist${links ? ' links' : ''}">` + turns.map((tn, k) => {
    const cls = tn.actors[0] === -1 ? 'chance' : '';
    const cur = k + 1 === at ? ' aria-current="step"' : '';
    const text = esc(describeTurn(tn));
    return links ? `<li class="${cls}"${cur}><button type="button" class="mvbtn" data-ply="${k + 1}">${text}</button></li>`
      : `<li class="${cls}"${cur}>${text}</li>`;
  }).join('') + `</ol>`;
}

// analysisHTML is the analysis panel: thinking, a result or an error, and
// in a replay the evaluation graph; only where analysis may be shown.
function analysisHTML() {
  if (!analysable()) return '';
  const A = P.analysis;
  let o = '';
  if (A) {
    o += `<section id="analysis" class="analysis" aria-labelledby="analysis-h" aria-busy="${A.thinking ? 'true' : 'false'}"><h2 id="analysis-h" tabindex="-1">${esc(w('analysisTitle'))}</h2>`;
    if (A.thinking) o += `<p class="thinking" role="status"><span class="spinner" aria-hidden="true"></span>${esc(w('thinking'))}</p>`;
    else if (A.error) o += `<p class="errortext">${esc(A.error)}</p>`;
    else o += panel(A.data, playerName, A.ply);
    o += `</section>`;
  }
  if (P.replay) {
    const G = P.replay.graph;
    o += `<section id="graph" class="analysis" aria-labelledby="graph-h"><h2 id="graph-h">${esc(w('graphTitle'))}</h2>`;
    if (!G) o += `<button id="loadgraph">${esc(w('graphLoad'))}</button>`;
    else if (G.thinking) o += `<p class="thinking" role="status"><span class="spinner" aria-hidden="true"></span>${esc(w('thinking'))}</p>`;
    else if (G.error) o += `<p class="errortext">${esc(G.error)}</p>`;
    else {
      const marks = mistakes(G.data, P.replay.turns);
      o += `<p id="graph-d" class="note">${esc(w('graphDesc'))}</p>` + graphSVG(G.data, playerName, P.replay.i, marks);
      o += `<ul class="legend">` + P.match.seats.map((_, p) => `<li><svg class="icon" viewBox="0 0 30 10" aria-hidden="true"><line x1="0" y1="5" x2="30" y2="5" stroke-width="3" class="gl${p % 4}"/></svg>${esc(playerName(p))}</li>`).join('') + `</ul>`;
      if (!G.data.complete) o += `<p class="note">${esc(w('graphPartial'))}</p>`;
      o += `<h3>${esc(w('mistakes'))}</h3>`;
      o += marks.length ? `<ul class="mistakes">` + marks.map((k) => `<li><button type="button" class="mvbtn" data-ply="${k.ply}">${esc(w('mistakeAt', { n: k.ply, player: playerName(k.player), move: k.move, from: pct(k.from), to: pct(k.to) }))}</button></li>`).join('') + `</ul>`
        : `<p class="note">${esc(w('noMistakes'))}</p>`;
    }
    o += `</section>`;
    const C = P.replay.coach;
    o += `<section id="coach" class="analysis" aria-labelledby="coach-h"><h2 id="coach-h">${esc(w('coachTitle'))}</h2>`;
    if (!C) o += `<button id="loadcoach">${esc(w('coachLoad'))}</button>`;
    else if (C.thinking) o += `<p class="thinking" role="status"><span class="spinner" aria-hidden="true"></span>${esc(w('thinking'))}</p>`;
    else if (C.error) o += `<p class="errortext">${esc(C.error)}</p>`;
    else o += coachList(C.data, playerName) + (C.data.complete ? '' : `<p class="note">${esc(w('graphPartial'))}</p>`);
    o += `</section>`;
  }
  return o;
}
