// The state of the room shown (P) and what follows from it, without any
// drawing: who this browser plays, who chooses now, the names of the
// seats, the text of a turn and of a result, the clocks. One room view
// draws every room from it, whoever holds its seats: people at this
// device, people on several devices, a spectator, a finished game.

import { t, pick } from './i18n.js';
import { w } from './ux.js';

export let P = null; // the room shown

export function setP(p) { P = p; }

// newRoom is the state of room id before its first welcome; tokens are
// the seats' tokens this browser holds, by seat.
export function newRoom(id, tokens, list) {
  return { id, tokens, seat: -1, match: { id, seats: [], turns: [], state: null, status: '' }, game: null, board: null, geo: null,
    shown: null, busy: false, selected: null, turned: false, resigned: undefined, analysis: null, boardFocus: null, committed: {},
    secret: null, replay: null, frame: null, cowries: null, queue: [], games: list, offer: -1, clocks: null, running: [],
    clockAt: 0, choice: '', seed: '', next: '', note: '', lost: '', awaySince: {} };
}

export const isPerson = (i) => !!P.match.seats[i] && P.match.seats[i].kind === 'person';

// local reports whether seat p is a person's that this browser plays.
export function local(p) { return isPerson(p) && !!P.tokens[p]; }

// oneDevice reports whether this browser plays every person seat: a game
// at one device, which may be taken back, hinted and analysed. A room
// reached by an invite link is an online game, and stays one when the
// computer takes the only opponent's seat.
export function oneDevice() {
  return !P.linkToken && P.match.seats.length > 0 && P.match.seats.every((s, i) => s.kind !== 'person' || !!P.tokens[i]);
}

// mine lists the seats this browser plays.
export function mine() { return P.match.seats.map((_, i) => i).filter(local); }

// spectator reports whether this browser plays no seat.
export function spectator() { return mine().length === 0; }

// solo reports whether p is the only person, against the computer.
export function solo(p) {
  const seats = P.match.seats;
  return local(p) && seats.filter((s) => s.kind === 'person').length === 1 && seats.length > 1;
}

// over reports whether the game is over (ended, resigned or expired).
export function over() {
  return !!P.match.state && (P.match.state.terminal || P.resigned !== undefined || P.match.status !== 'open');
}

// analysable reports whether the computer's analysis may be shown: at one
// device, or once the game is over; never in an online game in progress.
export function analysable() { return oneDevice() || over(); }

// levelName names a computer player's spec in words.
function levelName(spec) {
  const lvl = spec.includes(':') ? spec.split(':')[1] : spec;
  const k = 'lvl_' + lvl;
  return t(k) !== k ? t(k) : w(k) !== k ? w(k) : lvl;
}

// playerName is seat p's name: the person's, with a mark once the
// computer plays the seat; "You" for the only person against the
// computer; the computer's level; else "Player N".
export function playerName(p) {
  const seats = P ? P.match.seats : [];
  const s = seats[p];
  if (!s) return t('seatName', { n: p });
  if (s.name) return s.kind === 'person' ? s.name : w('nameComputer', { name: s.name });
  if (s.kind === 'person') return solo(p) ? w('you') : t('seatName', { n: p });
  const computers = seats.map((x, i) => (x.kind !== 'person' ? i : -1)).filter((i) => i >= 0);
  return computers.length === 1 ? w('computerName', { level: levelName(s.agent) }) : w('computerNameN', { n: computers.indexOf(p) + 1, level: levelName(s.agent) });
}

// chooser is the person of this browser who chooses now, or -1. When
// several people of this device choose at once (hidden choices), they
// choose in turn, each out of the others' sight; the server keeps each
// choice until all have chosen.
export function chooser() {
  const s = P.shown;
  if (!s || P.busy || P.pending || P.replay || P.conn !== 'online' || over() || s.terminal) return -1;
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

// status is what the page does now: replay, busy (animating or waiting
// for the server), over, input (a person here chooses), handover (the
// device goes to the next person) or wait (for others).
export function status() {
  if (P.replay) return 'replay';
  if (P.busy || P.pending) return 'busy';
  if (over()) return 'over';
  const c = chooser();
  if (c < 0) return 'wait';
  if (P.secret && P.secret.stage === 'lookaway') return 'handover';
  return 'input';
}

// gameWord is the game's word key, from its words, or ''.
const gameWord = (key) => { const x = t(key); return x !== key ? x : ''; };

// capital is s with a capital first letter, to start a label.
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// chanceName is the game's name for a chance outcome ("talad" for a throw
// of 3), from its words, or ''.
export const chanceName = (turn) => gameWord('chance_' + turn.move);

// passesOf gives the players whom a turn's trace shows passing (the
// engine's event "pass": one who cannot move, or gives up her throws).
export function passesOf(trace) {
  return (trace || []).filter((e) => e.kind === 'pass' && e.player >= 0).map((e) => e.player);
}

// describeTurn is the text of a turn in the move list, with the passes it
// led to (turn.passes); a chance turn is labelled in the game's words
// ("Throw"), else as chance.
export function describeTurn(turn) {
  let text;
  if (turn.actors[0] === -1) {
    const label = gameWord('chanceTurn') || capital(t('chance'));
    const name = chanceName(turn);
    text = `${label}: ${turn.move}` + (name ? ` (${name})` : '');
  } else {
    text = `${turn.actors.map((a) => playerName(a)).join(' + ')}: ${turn.move}`;
  }
  for (const p of turn.passes || []) text += '; ' + (solo(p) ? w('passesYou') : w('passes', { player: playerName(p) }));
  return text;
}

// resultText says how the game ended: the words the server made of the
// result (view.Result) in the page's language; in a replay, only at its
// last position.
export function resultText() {
  if (P.replay && P.replay.i < P.replay.turns.length) return '';
  return P.match.resultText ? pick(P.match.resultText) : '';
}

// phaseText is where state s is (its phase, round, why it ended): the
// words the server made of it (view.PhaseText) in the page's language.
export function phaseText(s) { return pick(s.phaseText); }

// told tells in words what the last turn did: the words the server made
// of the game's messages (view.Told), in the page's language.
export function told(s) {
  // the one person against the computer is "You": her own turns are told
  // in the second person, the words of the key's variant _you, which the
  // server gives beside the others when the game has one
  return (s.told || []).map((m) => {
    const subject = m.args ? m.args.player : undefined;
    return pick(m.you && typeof subject === 'number' && subject >= 0 && solo(subject) ? m.you : m.text);
  });
}

// shownTurns is the number of turns that lead to the state shown.
export function shownTurns() {
  const all = P.match.turns.length;
  if (!P.busy) return all;
  return Math.min(all, P.shownTurns !== undefined ? P.shownTurns : all);
}

// muteKey keeps the seats the player of seat muted in room id.
export const muteKey = (id, seat) => `tabula.mute.${id}.${seat}`;

// muted lists the seats this page's player muted in the room shown.
export function muted() {
  if (P.seat < 0) return [];
  try { return JSON.parse(localStorage.getItem(muteKey(P.id, P.seat)) || '[]').filter((s) => s !== P.seat); } catch (e) { return []; }
}

// howTo is what a person to move does in the state's phase, in the
// game's words (howTo_PHASE; the last one when this phase has none), and
// whether it is shown: to the person of this browser who moves now,
// nobody else (the page keeps its place, hidden, so nothing moves).
export function howTo() {
  const s = P.shown;
  const text = s && s.phase ? gameWord('howTo_' + s.phase) : '';
  if (text) P.howToKept = text;
  return { text: P.howToKept || '', on: !!text && status() === 'input' };
}

// turnLine says whose turn it is, by name.
export function turnLine() {
  const st = status();
  const c = chooser();
  const s = P.shown;
  switch (st) {
    case 'input': return solo(c) ? w('yourTurnSolo') : t('yourTurn', { player: playerName(c) });
    case 'handover': return t('hidden_title', { player: playerName(c) });
    case 'busy': return P.lastLine || t('waiting');
    case 'over': return t('gameOver') + ' ' + resultText();
    case 'replay': return t('replayPos', { i: P.replay.i, n: P.replay.turns.length });
  }
  if (!s || P.conn !== 'online') return w('connecting');
  const movers = s.toMove.filter((a) => a >= 0);
  if (movers.length === 0) return t('waiting');
  if (movers.length > 1) {
    // a simultaneous turn: who has chosen, who is awaited
    const done = movers.filter((a) => P.committed[a]);
    const left = movers.filter((a) => !P.committed[a]);
    if (done.length) return w('chosenWaiting', { done: done.map(playerName).join(', '), left: left.map(playerName).join(', ') });
  }
  const names = movers.map(playerName).join(', ');
  if (movers.every((a) => !isPerson(a))) return w('turnOfComputer', { player: names });
  return w('turnOf', { player: names });
}

// clockMs is seat i's time left: the server's value of the last event
// that carried the clocks, less the time since it arrived while the
// seat's clock runs (the server says which run).
export function clockMs(i, now) {
  if (!P.clocks) return 0;
  let ms = P.clocks[i];
  if (P.running.includes(i) && !over()) ms -= now - P.clockAt;
  return Math.max(0, ms);
}

// clockText writes a time left as m:ss, whole seconds rounded up; from
// an hour on as h:mm:ss, and from a day on (by correspondence) in days
// and hours.
export function clockText(ms) {
  const s = Math.ceil(ms / 1000);
  const pad = (n) => String(n).padStart(2, '0');
  if (s >= 86400) return t('clockDays', { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}
