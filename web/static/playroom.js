// The connection of the play page to its room: a game at this device is a
// room of the server whose person seats all belong to this browser, which
// keeps their tokens in localStorage (by room). The page plays over one
// WebSocket, said hello to with its first seat's token; each seat's moves
// carry that seat's token. This module creates such rooms, keeps the
// connection (reconnecting with backoff) and turns the server's messages
// into the play page's state P, which play.js draws.

import { t, setWords } from './i18n.js';
import { boardFor } from './boards.js';
import { w } from './ux.js';
import { api, showError } from './app.js';
import { P, forgetPlay, renderPlay, announce, animateSteps, announceTurn, focusInput, resultText } from './play.js';

const tokenKey = (id) => 'tabula.local.' + id;

// localTokens are the tokens this device holds for room id, by seat.
export function localTokens(id) {
  try { return JSON.parse(localStorage.getItem(tokenKey(id)) || '{}').tokens || {}; } catch (e) { return {}; }
}

function keepTokens(id, tokens) {
  localStorage.setItem(tokenKey(id), JSON.stringify({ tokens }));
}

// createLocal creates a room whose person seats all belong to this device
// (body: POST /api/rooms's, a new game or a record), keeps its tokens and
// returns its id. seats are the Play page's: "human" or an agent spec.
export async function createLocal(body) {
  const r = await api('POST', '/api/rooms', body);
  const tokens = {};
  for (const s of r.seats) if (s.token) tokens[s.seat] = s.token;
  keepTokens(r.id, tokens);
  fresh = body.record ? null : r.id;
  return r.id;
}

// fresh is the new game this page just started: the turns played before
// its first welcome (a throw, the computer's first move) are animated.
let fresh = null;

// animateStart animates the first turns of a fresh game from its start
// state, as they are played before the page has connected.
async function animateStart(me) {
  const n = me.match.turns.length;
  fresh = null;
  let animated = false;
  me.pumping = true; // the events that arrive meanwhile wait
  me.busy = n > 0;   // and the person, until the start is shown
  renderPlay();
  try {
    if (n > 0 && n <= 20) {
      const r = await api('GET', `/api/rooms/${encodeURIComponent(me.match.id)}/states?from=0&count=${n + 1}`);
      if (P === me && me.match.turns.length === n && r.states.length === n + 1) {
        me.shown = r.states[0];
        await animateSteps(me.match.turns.map((x, i) => ({ actors: x.actors, move: x.move, trace: r.traces[i + 1], state: r.states[i + 1] })));
        animated = true;
      }
    }
  } catch (e) { /* shown without the animation */ } finally {
    if (P === me) {
      me.pumping = false;
      if (!animated) { me.busy = false; renderPlay(); announceTurn(false); }
      pump();
    }
  }
}

// roomSeats turns the Play page's seats into a room's.
export function roomSeats(seats) {
  return seats.map((x) => (x === 'human' ? { kind: 'person' } : { kind: 'computer', agent: x }));
}

// connect opens the room's WebSocket, says hello with the first seat's
// token (and the others', so that every seat played here shows online)
// and reconnects with backoff when it drops; ready is called at the
// first welcome.
export function connect(me, ready) {
  const seats = Object.keys(me.tokens).map(Number).sort((a, b) => a - b);
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/rooms/' + encodeURIComponent(me.match.id) + '/ws');
  me.ws = ws;
  ws.onopen = () => {
    const hello = { type: 'hello', token: me.tokens[seats[0]], last: me.version };
    if (seats.length > 1) hello.tokens = seats.slice(1).map((s) => me.tokens[s]);
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (e) => {
    if (P !== me) return;
    const m = JSON.parse(e.data);
    handle(m);
    if (m.type === 'welcome' && ready) { ready(); ready = null; }
  };
  ws.onclose = (e) => {
    if (P !== me || me.closing) { if (ready) ready(); return; }
    me.ws = null;
    if (e.code === 4001) {
      // The seat said hello with was given to the computer: go on with
      // another seat of this device, or watch.
      delete me.tokens[seats[0]];
      keepTokens(me.match.id, me.tokens);
      if (!Object.keys(me.tokens).length) { forgetPlay(); location.replace('#/room/' + encodeURIComponent(me.match.id)); return; }
      connect(me, ready);
      return;
    }
    if (e.code === 4004 && me.match.status && me.match.status !== 'open') return;
    if (me.version < 0 && e.code >= 4000 && ready) {
      // No such room: say so.
      ready();
      ready = null;
      forgetPlay();
      showError(new Error(e.reason || t('error', { msg: e.code })));
      return;
    }
    const delay = Math.min(10000, 250 * 2 ** me.retry) * (0.8 + 0.4 * Math.random());
    me.retry++;
    me.drops = (me.drops || 0) + 1;
    me.conn = 'offline';
    renderPlay();
    me.timer = setTimeout(() => { if (P === me) connect(me, ready); }, delay);
  };
}

// send sends a message over the room's connection.
export function sendMsg(msg) {
  if (!P || !P.ws || P.ws.readyState !== 1) { showError(new Error(w('playOffline'))); return false; }
  P.ws.send(JSON.stringify(msg));
  return true;
}

// fromView takes the room as the server shows it: after the first welcome,
// a reconnection and a stale request alike.
function fromView(v) {
  const g = P.games.find((x) => x.id === v.game) || { id: v.game, name: v.game };
  if (!P.game) setWords(g.words);
  P.game = g;
  P.board = boardFor(v.board);
  P.geo = v.board;
  P.version = v.version;
  P.match = { id: v.room, game: v.game, options: v.options, board: v.board, status: v.status, result: v.result,
    seats: v.seats.map((s) => (s.kind === 'person' ? 'human' : s.agent)),
    turns: v.turns.map((x) => ({ actors: x.actors, move: x.move })), state: JSON.parse(JSON.stringify(v.state)) };
  P.committed = {};
  v.seats.forEach((s, i) => { if (s.committed) P.committed[i] = true; });
  P.resigned = v.resigned === null ? undefined : v.resigned;
  P.queue = [];
  P.pending = false;
  if (!P.replay) { P.shown = P.match.state; P.frame = null; }
  P.busy = false;
  P.secret = null;
  canUndo();
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
    const r = await api('GET', `/api/rooms/${encodeURIComponent(me.match.id)}/states?from=${k}&count=1`);
    if (P !== me || me.match.turns.length !== n || me.lastTrace) return;
    me.lastTrace = r.traces[0];
    if (!me.busy) renderPlay();
  } catch (e) { /* the board shows no last move */ }
}

// canUndo: a game at one device can be taken back while it is open, when
// every person seat belongs to this device and a person has moved.
function canUndo() {
  const m = P.match;
  const all = m.seats.every((x, i) => x !== 'human' || P.tokens[i]);
  m.canUndo = all && m.status === 'open' && m.turns.some((x) => x.actors.some((a) => a >= 0 && m.seats[a] === 'human'));
}

function handle(m) {
  switch (m.type) {
    case 'welcome':
      P.conn = 'online';
      P.retry = 0;
      fromView(m.view);
      if (fresh === P.match.id) { animateStart(P); return; }
      renderPlay();
      announceTurn(false);
      lastTraceAgain(P);
      return;
    case 'event':
      if (m.event.version !== P.version + 1) { if (P.ws) P.ws.close(1000); return; } // a gap: reconnect and catch up
      P.version = m.event.version;
      P.queue.push(m);
      pump();
      return;
    case 'ack':
      // The events that follow show the move; a resend's were shown.
      if (m.duplicate) { P.pending = false; renderPlay(); }
      return;
    case 'note': // the computer plays this move at a lower level
      if (m.code !== 'level-lowered') return;
      P.lastLine = t('levelLowered', { level: m.played });
      renderPlay();
      return;
    case 'reject':
      P.pending = false;
      showError(new Error(m.error));
      if (m.view) fromView(m.view);
      renderPlay();
      return;
  }
}

// pump shows the events received, in order: turns animated (those that
// arrived together at once), the others at once.
export async function pump() {
  if (P.pumping) return;
  const me = P;
  me.pumping = true;
  while (P === me && me.queue.length) {
    const steps = [];
    while (me.queue.length && me.queue[0].event.kind === 'turn') {
      const m = me.queue.shift();
      steps.push({ actors: m.event.actors, move: m.event.move, trace: m.trace || [], state: m.state });
    }
    if (steps.length) {
      me.match.turns.push(...steps.map((x) => ({ actors: x.actors, move: x.move })));
      me.match.state = steps[steps.length - 1].state;
      me.committed = {};
      me.pending = false;
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

function applyEvent(e, state) {
  const m = P.match;
  switch (e.kind) {
    case 'commit':
      P.committed[e.seat] = true;
      P.pending = false;
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
      P.resigned = e.seat;
      P.secret = null;
      break;
    case 'end':
      m.status = 'finished';
      m.result = e.result;
      break;
    case 'seat':
      m.seats[e.seat] = e.seatKind === 'person' ? 'human' : e.agent;
      if (e.seatKind !== 'person' && P.tokens[e.seat]) { delete P.tokens[e.seat]; keepTokens(m.id, P.tokens); }
      break;
  }
  P.pending = P.pending && e.kind !== 'end';
  canUndo();
  renderPlay();
  if (e.kind === 'resign' || e.kind === 'end') {
    announce(resultText(P.shown));
    const r = document.getElementById('result-h');
    if (r) r.focus();
  } else if (e.kind === 'commit' || e.kind === 'undo') focusInput();
}
