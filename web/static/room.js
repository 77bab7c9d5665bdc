// The room page: any room, whoever holds its seats. The seats this
// browser plays are those whose tokens it holds: all the person seats of
// a game at this device (kept by room in localStorage, or in a kiosk in
// memory: kiosk.js), the seat of an
// invite link (in the address), or none for a spectator. Which seats it
// holds decides what it may do, not which page it is on. The page plays
// over one connection (conn.js), turns the server's messages into the
// room's state (roomstate.js) and draws it (roomdraw.js).

import { t, setWords, getLanguage } from './i18n.js';
import { boardFor, setPlayerNames } from './boards.js';
import { w, ask, guarded, MoveList } from './ux.js';
import { rove, neighbour } from './keys.js';
import { api, games, showError, clearError, setCurrent, routeSeq, stale, announce, siteMode } from './api.js';
import { Conn } from './conn.js';
import { clearTurn, toggleSound, toggleNotify } from './yourturn.js';
import { isEngineRoom, engineFetch } from './engine.js';
import { store } from './kiosk.js';
import { agentKinds } from './contract.js';
import { P, setP, newRoom, local, mine, oneDevice, status, chooser, playerName, resultText, over, passesOf, muted, muteKey } from './roomstate.js';
import { renderRoom, drawBoard, animateSteps, announceTurn, announceEnd, focusInput, tick } from './roomdraw.js';
import { startReplayOnce, replayTo, replayNext, goToPly, toggleAutoplay, exitReplay, analyseOnce, graphOnce, coachOnce, loadStates } from './replay.js';

setPlayerNames((p) => (P ? playerName(p) : null));

const tokenKey = (id) => 'tabula.local.' + id;

// localTokens are the tokens this device keeps for room id, by seat.
export function localTokens(id) {
  try { return JSON.parse(store.getItem(tokenKey(id)) || '{}').tokens || {}; } catch (e) { return {}; }
}

function keepTokens(id, tokens) {
  if (Object.keys(tokens).length) store.setItem(tokenKey(id), JSON.stringify({ tokens }));
  else store.removeItem(tokenKey(id));
}

// fresh is the new game this page just started: the turns played before
// its first welcome (a throw, the computer's first move) are animated.
let fresh = null;

// createLocal creates a room whose person seats all belong to this device
// (body: POST /api/rooms's, a new game or a record), keeps its tokens and
// returns its id. The engine in the browser plays it (engine.js), with
// or without a server in reach: only online rooms are the server's. A
// game the server offers that the engine does not have (one newer than
// the engine the browser keeps) is played by the server.
export async function createLocal(body) {
  let r;
  try {
    r = await api('POST', '/api/rooms', body, 'engine');
  } catch (err) {
    if (err.code !== 'engine.unknown_game' || siteMode()) throw err;
    r = await api('POST', '/api/rooms', body);
  }
  const tokens = {};
  for (const s of r.seats) if (s.token) tokens[s.seat] = s.token;
  keepTokens(r.id, tokens);
  fresh = body.record ? null : r.id;
  return r.id;
}

// roomSeats turns the setup's seats ("human" or an agent spec) into a room's.
export function roomSeats(seats) {
  return seats.map((x) => (x === 'human' ? { kind: 'person' } : { kind: 'computer', agent: x }));
}

// leaveRoom drops the room shown and closes its connection.
export function leaveRoom() {
  if (P && P.conn_) P.conn_.close();
  setP(null);
  clearInterval(ticker);
  ticker = 0;
  clearTurn();
}

// pageRoom shows room id; token is an invite link's (or '').
export async function pageRoom(id, token) {
  token = token || '';
  if (P && P.id === id && P.linkToken === token) {
    setCurrent({ name: 'room', rerender: renderRoom });
    renderRoom();
    return;
  }
  leaveRoom();
  const seq = routeSeq;
  await api('GET', '/api/rooms/' + encodeURIComponent(id)); // a missing room is a missing page
  const list = await games();
  if (stale(seq)) return;
  const tokens = localTokens(id);
  const me = newRoom(id, tokens, list);
  me.linkToken = token;
  me.version = -1;
  me.conn = 'connecting';
  me.list = new MoveList();
  me.grace = 120000;
  me.wire = wire;
  openRoom(me);
  setCurrent({ name: 'room', rerender: renderRoom });
  const hello = [token, ...Object.keys(tokens).map(Number).sort((a, b) => a - b).map((s) => tokens[s])].filter((x, i, a) => x && a.indexOf(x) === i);
  await new Promise((ready, fail) => {
    const done = (err) => { if (ready) { if (err) fail(err); else ready(); ready = null; } };
    me.conn_ = new Conn(id, hello, {
      welcome: (v) => { if (P === me) { welcome(v); done(); } },
      event: (m) => { if (P === me) { me.version = m.event.version; me.queue.push(m); pump(); } },
      ack: (m) => { if (P === me && m.duplicate) { me.pending = false; renderRoom(); } },
      reject: (m) => { if (P === me) rejected(m); },
      presence: (m) => { if (P === me) presence(m.online); },
      token: (m) => { if (P === me) renewed(m); },
      chat: (m) => { if (P === me) heard(m.lines); },
      note: (m) => { if (P === me && m.code === 'level-lowered') { me.note = t('levelLowered', { level: m.played }); announce(me.note); renderRoom(); } },
      lost: (tk) => { if (P === me) lost(tk); },
      gone: (code, reason) => { if (P === me) { leaveRoom(); done(new Error(reason || t('error', { msg: code }))); } },
      state: () => { if (P === me) { me.conn = me.conn_.state; me.drops = me.conn_.drops; me.retryAt = me.conn_.retryAt; if (me.shown) renderRoom(); } },
    }, getLanguage());
  });
}

// isAgent tells a computer player's spec ("mcts:hard") among a record's
// players, by the kinds of package ai (contract.js).
const isAgent = (p) => agentKinds.includes(p.split(':')[0]) && p.split(':').length <= 2;

// pageArchived shows a finished game of the archive in the room view, in
// its replay from the start: one viewer for rooms and the archive.
export async function pageArchived(id) {
  if (P && P.id === id && P.record) {
    setCurrent({ name: 'room', rerender: renderRoom });
    renderRoom();
    return;
  }
  leaveRoom();
  const seq = routeSeq;
  const rec = await api('GET', '/api/archive/' + encodeURIComponent(id));
  const record = { game: rec.game, options: rec.options, moves: rec.moves, players: rec.players, result: rec.result };
  const [list, all] = await Promise.all([games(), loadStates(id, record)]);
  if (stale(seq)) return;
  const me = newRoom(id, {}, list);
  const end = all.states[all.states.length - 1];
  const n = end.scores ? end.scores.length : (rec.players || []).length;
  const seats = [];
  for (let i = 0; i < n; i++) {
    const p = (rec.players || [])[i] || '';
    seats.push(isAgent(p) ? { kind: 'computer', agent: p, name: '' } : { kind: 'person', name: p === 'person' ? '' : p });
  }
  Object.assign(me, { record, conn: 'archive', version: 0, list: new MoveList(), wire, grace: 0,
    game: list.find((x) => x.id === rec.game) || { id: rec.game, name: rec.game }, board: boardFor(all.board), geo: all.board,
    resigned: rec.resigned === undefined || rec.resigned === null ? undefined : rec.resigned, seed: rec.secret || '' });
  me.match = { id, game: rec.game, options: rec.options, board: all.board, status: 'finished', result: rec.result, resultText: rec.resultText, seats,
    turns: all.turns.map((x, i) => ({ actors: x.actors, move: x.move, passes: passesOf(all.traces[i + 1]) })), state: end };
  me.shown = all.states[0];
  me.replay = { states: all.states, turns: me.match.turns, traces: all.traces, i: 0, graph: null };
  setWords(me.game.words);
  openRoom(me);
  setCurrent({ name: 'room', rerender: renderRoom });
  renderRoom();
}

// send sends a message over the room's connection.
// A refusal shown before is cleared as the next request goes out.
function send(msg) {
  if (!P || !P.conn_ || !P.conn_.send(msg)) { showError(new Error(w('playOffline'))); return false; }
  clearError();
  return true;
}

// welcome takes the room as the server shows it: after the first hello,
// a reconnection and a stale request alike.
function fromView(v) {
  const g = P.games.find((x) => x.id === v.game) || { id: v.game, name: v.game };
  if (!P.game || P.game.id !== g.id) setWords(g.words);
  P.game = g;
  P.board = boardFor(v.board);
  P.geo = v.board;
  P.version = v.version;
  P.seat = v.seat;
  if (v.seat >= 0 && P.conn_.tokens[0]) P.tokens[v.seat] = P.conn_.tokens[0];
  P.match = { id: v.room, game: v.game, options: v.options, board: v.board, status: v.status, result: v.result, resultText: v.resultText,
    seats: v.seats.map((s) => ({ ...s })), turns: v.turns.map((x) => ({ actors: x.actors, move: x.move })), state: v.state };
  P.committed = {};
  v.seats.forEach((s, i) => { if (s.committed) P.committed[i] = true; });
  P.resigned = v.resigned === null ? undefined : v.resigned;
  P.offer = v.offer === undefined ? -1 : v.offer;
  P.choice = v.choice || '';
  P.seed = v.secret || '';
  P.next = v.next || '';
  P.clocks = v.clocks || null;
  P.running = v.running || [];
  P.clockAt = Date.now();
  if (v.awayGrace) P.grace = v.awayGrace;
  v.seats.forEach((s, i) => {
    if (s.online) delete P.awaySince[i];
    else P.awaySince[i] = Date.now() - (s.away || 0); // the server says since when
  });
  P.queue = [];
  P.pending = false;
  P.viewed = (P.viewed || 0) + 1; // an animation under way stops: the view is newer
  if (!P.replay) { P.shown = P.match.state; P.frame = null; }
  P.busy = false;
  P.secret = null;
  canUndo();
}

function welcome(v) {
  fromView(v);
  // the seats muted here, said again to the server (it forgets them)
  for (const s of muted()) P.conn_.send({ type: 'mute', seat: s });
  if (fresh === P.id) { animateStart(P); return; }
  renderRoom();
  announceTurn(false);
  lastTraceAgain(P);
}

// animateStart animates the first turns of a fresh game from its start
// state, as they are played before the page has connected.
async function animateStart(me) {
  const n = me.match.turns.length;
  fresh = null;
  let animated = false;
  me.pumping = true; // the events that arrive meanwhile wait
  me.busy = n > 0;   // and the person, until the start is shown
  renderRoom();
  try {
    if (n > 0 && n <= 20) {
      const r = await api('GET', `/api/rooms/${encodeURIComponent(me.id)}/states?from=0&count=${n + 1}`);
      if (P === me && me.match.turns.length === n && r.states.length === n + 1) {
        me.shown = r.states[0];
        me.match.turns.forEach((x, i) => { x.passes = passesOf(r.traces[i + 1]); });
        await animateSteps(me.match.turns.map((x, i) => ({ actors: x.actors, move: x.move, trace: r.traces[i + 1], state: r.states[i + 1] })));
        animated = true;
      }
    }
  } catch (e) { /* shown without the animation */ } finally {
    if (P === me) {
      me.pumping = false;
      if (!animated) { me.busy = false; renderRoom(); announceTurn(false); }
      pump();
    }
  }
}

// lastTraceAgain asks for the trace of the last move (not a throw), so
// that after a reload the board marks it again.
async function lastTraceAgain(me) {
  const turns = me.match.turns;
  const n = turns.length;
  let k = n;
  while (k > 0 && turns[k - 1].actors[0] === -1) k--;
  if (k === 0) return;
  try {
    const r = await api('GET', `/api/rooms/${encodeURIComponent(me.id)}/states?from=${k}&count=1`);
    if (P !== me || me.match.turns.length !== n || me.lastTrace) return;
    me.lastTrace = r.traces[0];
    if (!me.busy) renderRoom();
  } catch (e) { /* the board shows no last move */ }
}

// canUndo: a game at one device can be taken back while it is open, when
// every person seat belongs to this device and a person has moved.
function canUndo() {
  const m = P.match;
  m.canUndo = oneDevice() && m.status === 'open' && m.turns.some((x) => x.actors.some((a) => a >= 0 && m.seats[a].kind === 'person'));
}

function rejected(m) {
  P.pending = false;
  const key = 'reject_' + m.code;
  showError(new Error(w(key) !== key ? w(key) : m.error));
  if (m.view) fromView(m.view);
  renderRoom();
}

function presence(online) {
  const now = Date.now();
  online.forEach((on, i) => {
    const s = P.match.seats[i];
    if (!s) return;
    if (on) delete P.awaySince[i];
    else if (s.online || P.awaySince[i] === undefined) P.awaySince[i] = now;
    s.online = on;
  });
  renderRoom();
}

function renewed(m) {
  P.tokens[m.seat] = m.token;
  P.linkToken = m.token;
  P.newLink = '/#/room/' + P.id + '/' + m.token;
  history.replaceState(null, '', P.newLink);
  renderRoom();
}

// lost: a token of this browser no longer holds its seat (given to the
// computer, replaced, or its link renewed elsewhere); the page goes on
// with the other seats it holds, or as a spectator's, and says why.
function lost(token) {
  for (const [s, tk] of Object.entries(P.tokens)) if (tk === token) delete P.tokens[s];
  keepTokens(P.id, Object.fromEntries(Object.entries(localTokens(P.id)).filter(([, tk]) => tk !== token)));
  P.lost = w(mine().length ? 'seatGoneOne' : 'seatGone');
  P.seat = -1;
  announce(P.lost);
  renderRoom();
}

// pump shows the events received, in order: turns animated (those that
// arrived together at once), the others at once.
async function pump() {
  if (P.pumping) return;
  const me = P;
  me.pumping = true;
  while (P === me && me.queue.length) {
    const steps = [];
    while (me.queue.length && me.queue[0].event.kind === 'turn') {
      const m = me.queue.shift();
      clocksOf(m.event);
      steps.push({ actors: m.event.actors, move: m.event.move, trace: m.trace || [], state: m.state });
    }
    if (steps.length) {
      me.match.turns.push(...steps.map((x) => ({ actors: x.actors, move: x.move, passes: passesOf(x.trace) })));
      me.match.state = steps[steps.length - 1].state;
      me.committed = {};
      me.choice = '';
      me.offer = -1;
      me.pending = false;
      me.selected = null;
      me.note = '';
      canUndo();
      if (me.replay) continue; // shown when the replay ends
      await animateSteps(steps);
      continue;
    }
    const m = me.queue.shift();
    applyEvent(m.event, m.state);
  }
  me.pumping = false;
}

// clocksOf takes the clocks of an event: the server's values, counted
// from now for the seats it says run.
function clocksOf(e) {
  if (!e.clocks) return;
  P.clocks = e.clocks;
  P.running = e.running || [];
  P.clockAt = Date.now();
}

function applyEvent(e, state) {
  const m = P.match;
  clocksOf(e);
  let say = '';
  switch (e.kind) {
    case 'commit':
      P.committed[e.seat] = true;
      if (e.choice) P.choice = e.choice;
      if (local(e.seat)) P.pending = false;
      say = w('t_chosen', { player: playerName(e.seat) });
      break;
    case 'undo':
      m.turns = m.turns.slice(0, e.kept);
      m.state = state;
      P.committed = {};
      P.pending = false;
      if (!P.replay) { P.shown = state; P.frame = null; }
      P.secret = null;
      P.selected = null;
      P.lastTrace = null;
      P.analysis = null;
      break;
    case 'resign':
      // the end that follows says who resigned, once
      P.resigned = e.seat;
      P.secret = null;
      break;
    case 'draw-offer':
      // an offer of the seat whose offer stands accepts it: the end that
      // follows says the draw was agreed
      if (P.offer !== 1 - e.seat) say = w('offers', { player: playerName(e.seat) });
      P.offer = e.seat;
      break;
    case 'draw-declined':
      P.offer = -1;
      say = w('declined', { player: playerName(e.seat) });
      break;
    case 'flag': // the end that follows says who lost on time
      break;
    case 'end':
      m.status = 'finished';
      m.result = e.result;
      m.resultText = e.resultText;
      P.seed = e.secret || '';
      P.offer = -1;
      P.pending = false;
      break;
    case 'rematch':
      P.next = e.room;
      say = w('rematchReady');
      break;
    case 'seat': {
      const before = m.seats[e.seat];
      const was = playerName(e.seat);
      m.seats[e.seat] = { ...before, kind: e.seatKind, agent: e.agent || '', name: e.name || '', online: e.seatKind !== 'person' || before.online };
      if (e.seatKind !== 'person') {
        delete P.awaySince[e.seat];
        say = w('seatToComputer', { player: was });
        if (P.tokens[e.seat]) {
          const tk = P.tokens[e.seat];
          delete P.tokens[e.seat];
          keepTokens(P.id, Object.fromEntries(Object.entries(localTokens(P.id)).filter(([, x]) => x !== tk)));
          if (e.seat !== P.seat) P.lost = w(mine().length ? 'seatGoneOne' : 'seatGone');
        }
      } else if (before.name !== (e.name || '')) say = w('renamed', { old: was, player: playerName(e.seat) });
      break;
    }
  }
  canUndo();
  renderRoom();
  if (say) announce(say);
  if (e.kind === 'end') {
    announceEnd();
    const r = document.getElementById('result-h');
    if (r) r.focus();
  } else if (e.kind === 'commit' || e.kind === 'undo') focusInput();
}

// ------------------------------------------------------------ chat

// heard takes lines of the chat: new ones, or again after a reconnection.
function heard(lines) {
  P.chat = P.chat || [];
  for (const l of lines) {
    if (!P.chat.some((x) => x.channel === l.channel && x.n === l.n)) P.chat.push(l);
  }
  P.chat.sort((a, b) => a.at - b.at || a.n - b.n);
  renderRoom();
}

function say(msg) {
  if (send({ type: 'chat', ...msg })) {
    const box = document.getElementById('chattext');
    if (box && msg.text) box.value = '';
  }
}

function toggleMute(seat) {
  const m = muted();
  const on = !m.includes(seat);
  localStorage.setItem(muteKey(P.id, P.seat), JSON.stringify(on ? [...m, seat] : m.filter((s) => s !== seat)));
  send({ type: on ? 'mute' : 'unmute', seat });
  renderRoom();
}

// ------------------------------------------------------------ actions

function choose(mv) {
  if (status() !== 'input') return;
  const c = chooser();
  P.selected = null;
  clearError();
  P.analysis = null;
  // The seat comes from the token: each person's move carries theirs.
  if (!send({ type: 'move', version: P.version, move: mv, token: P.tokens[c] })) return;
  P.pending = true;
  P.lastLine = w('sent', { move: mv });
  if (P.secret) P.secret = null; // the next person hands over first
  renderRoom();
}

const undoOnce = guarded(async () => {
  clearError();
  if (!P.match.canUndo) return;
  if (send({ type: 'undo', version: P.version, tokens: Object.values(P.tokens) })) { P.pending = true; renderRoom(); }
});

const newGameOnce = guarded(async () => {
  if (!over() && P.match.turns.length > 0 && !(await ask(w('newAsk'), w('newYes')))) return;
  clearError();
  const options = {};
  for (const kv of P.match.options) { const i = kv.indexOf('='); options[kv.slice(0, i)] = kv.slice(i + 1); }
  try {
    const id = await createLocal({ game: P.match.game, options, seats: P.match.seats.map((s) => (s.kind === 'person' ? { kind: 'person', name: s.name } : { kind: 'computer', agent: s.agent })) });
    leaveRoom();
    location.hash = '#/play/' + id;
  } catch (e) { showError(e); }
});

// the seat that acts for this browser: the one choosing, else its first
function actor() {
  const c = chooser();
  return c >= 0 ? c : (P.seat >= 0 && local(P.seat) ? P.seat : mine()[0]);
}

// resign: in a game of two the other wins; in a bigger one the computer
// takes the seat.
const resignOnce = guarded(async () => {
  const two = P.match.seats.length === 2;
  if (!(await ask(w(two ? 'resignAsk' : 'giveUpAsk'), w('resignYes')))) return;
  clearError();
  send({ type: two ? 'resign' : 'give-up', token: P.tokens[actor()] });
});

const giveUpOnce = guarded(async () => {
  if (!(await ask(w('giveUpAsk'), w('giveUp')))) return;
  clearError();
  send({ type: 'give-up', token: P.tokens[actor()] });
});

const copyOnce = guarded(async () => {
  const input = document.getElementById('sharelink');
  try { await navigator.clipboard.writeText(input.value); } catch (e) { input.select(); document.execCommand('copy'); }
  P.copied = true;
  renderRoom();
});

// downloadOnce downloads the record of a game of the engine in the
// browser, which no server can give at the link's address: the engine's
// answer to the link, byte for byte.
const downloadOnce = guarded(async () => {
  clearError();
  try {
    const r = await engineFetch('GET', document.getElementById('download').getAttribute('href'), undefined, getLanguage());
    const data = JSON.parse(r.body);
    if (r.status !== 200) throw new Error(data.error || String(r.status));
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([r.body], { type: 'application/json' }));
    a.download = `tabula-${data.game}-${P.id}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  } catch (err) { showError(err); }
});

const clicks = {
  ready: () => { P.secret.stage = 'choose'; renderRoom(); const first = document.querySelector('#board [data-move]'); if (first) first.focus(); },
  sharecopy: copyOnce,
  undo: undoOnce,
  newgame: newGameOnce,
  replay: startReplayOnce,
  resign: resignOnce,
  giveup: giveUpOnce,
  hint: analyseOnce,
  analyse: analyseOnce,
  loadgraph: graphOnce,
  loadcoach: coachOnce,
  turnboard: () => { P.turned = !P.turned; renderRoom(); },
  'r-first': () => replayTo(0),
  'r-prev': () => replayTo(P.replay.i - 1),
  'r-next': replayNext,
  'r-last': () => replayTo(P.replay.turns.length),
  'r-auto': toggleAutoplay,
  'r-exit': () => { exitReplay(); renderRoom(); pump(); },
  drawbtn: () => send({ type: 'draw' }),
  declinebtn: () => send({ type: 'decline' }),
  newlinkbtn: () => send({ type: 'new-link' }),
  rematch: () => send({ type: 'rematch' }),
  rename: () => send({ type: 'name', name: document.getElementById('myname').value }),
  soundbtn: () => { toggleSound(); renderRoom(); },
  chatsend: () => { const box = document.getElementById('chattext'); if (box.value.trim()) say({ text: box.value }); },
  notifybtn: async () => { await toggleNotify(); renderRoom(); },
};

// wire listens to the room's section once: its elements change in place,
// so the listeners stay.
function wire(section) {
  const act = (el) => {
    if (!el) return;
    if (el.dataset.move !== undefined) { choose(el.dataset.move); return; }
    if (el.dataset.pick !== undefined) {
      P.selected = P.selected === el.dataset.pick ? null : el.dataset.pick;
      drawBoard(null);
      // the man's target next, where the move is made
      const box = document.getElementById('board');
      const next = (P.selected && box.querySelector('[data-move]')) || box.querySelector(`[data-pick="${el.dataset.pick}"]`);
      if (next) next.focus();
    }
  };
  section.addEventListener('click', (e) => {
    if (e.target.closest('a#download') && isEngineRoom(P.id)) { e.preventDefault(); downloadOnce(); return; }
    const el = e.target.closest('[data-move],[data-pick],[data-ply],[data-replace],[data-quick],[data-mute],button');
    if (!el || !section.contains(el)) return;
    if (el.closest('#board') || (el.dataset.move !== undefined && el.closest('#legal'))) { act(el); return; }
    if (el.dataset.ply !== undefined) { goToPly(Number(el.dataset.ply)); return; }
    if (el.dataset.replace !== undefined) { send({ type: 'replace', seat: Number(el.dataset.replace) }); return; }
    if (el.dataset.quick !== undefined) { say({ quick: el.dataset.quick }); return; }
    if (el.dataset.mute !== undefined) { toggleMute(Number(el.dataset.mute)); return; }
    const fn = clicks[el.id];
    if (fn) fn(e);
  });
  section.addEventListener('focusin', (e) => {
    const box = document.getElementById('board');
    const el = e.target.closest('[tabindex]');
    if (box && el && box.contains(el)) P.boardFocus = rove(box, el);
  });
  section.addEventListener('keydown', (e) => {
    const box = document.getElementById('board');
    if (!box || !box.contains(e.target)) return;
    if (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End') {
      const next = neighbour(box, e.target.closest('[tabindex]'), e.key);
      if (next) { e.preventDefault(); e.stopPropagation(); next.focus(); }
    } else if (e.key === 'Enter' || e.key === ' ') {
      const el = e.target.closest('[data-move],[data-pick]');
      if (el) { e.preventDefault(); act(el); }
    } else if (e.key === 'Escape' && P.selected) { P.selected = null; drawBoard(null); }
  });
  section.addEventListener('keydown', (e) => {
    if (e.target.id === 'chattext' && e.key === 'Enter') { e.preventDefault(); clicks.chatsend(); }
  });
  section.addEventListener('change', (e) => {
    if (e.target.id === 'speed') store.setItem('tabula.speed', e.target.value);
  });
}

// The clocks and the seconds to wait are redrawn a few times a second
// while a room is open; no timer wakes the other pages.
let ticker = 0;
function openRoom(me) {
  setP(me);
  if (!ticker) ticker = setInterval(tick, 250);
}

