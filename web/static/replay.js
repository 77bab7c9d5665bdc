// The replay of a room (a position after any turn, by the move list, the
// arrow keys or autoplay) and the computer's analysis: of a position on
// request, of the whole game as a graph. The numbers come from the server;
// analysis is offered at one device and after the end only.

import { w, guarded } from './ux.js';
import { api, showError, clearError, speed, sleep, current, announce } from './api.js';
import { P, analysable, passesOf } from './roomstate.js';
import { renderRoom, animateTurn } from './roomdraw.js';

// loadStates asks the server for every state of a room's game, or of an
// archived game's record, in pages; traces[i] shows how states[i] came
// about.
export async function loadStates(room, record) {
  const page = (from) => (record ? api('POST', '/api/replay' + (from ? `?from=${from}` : ''), record)
    : api('GET', `/api/rooms/${encodeURIComponent(room)}/states` + (from ? `?from=${from}` : '')));
  let r = await page(0);
  const first = r;
  const states = r.states;
  const traces = r.traces;
  while (r.next !== null && r.next !== undefined) {
    r = await page(r.next);
    states.push(...r.states);
    traces.push(...r.traces);
  }
  // each turn with the passes its trace shows, for the move list
  const turns = r.turns.map((x, i) => ({ ...x, passes: passesOf(traces[i + 1]) }));
  return { board: first.board, turns, states, traces };
}

// analysisBody names the game to analyse: the room, or the archived record.
const analysisBody = (extra) => ({ ...(P.record ? { record: P.record } : { room: P.id }), ...extra });

export async function startReplay(at) {
  clearError();
  try {
    const { states, turns, traces } = await loadStates(P.id, P.record);
    P.replay = { states, turns, traces, i: 0, graph: null };
    P.analysis = null;
    P.secret = null;
    P.list.follow = true;
    replayTo(typeof at === 'number' ? at : 0);
    const b = document.getElementById('r-next');
    if (b) b.focus();
  } catch (e) { showError(e); }
}
export const startReplayOnce = guarded(() => startReplay());

// replayTo shows the position after i turns; an animation under way stops
// (skipping is never dropped).
export function replayTo(i) {
  const R = P.replay;
  if (!R) return;
  if (R.animating) P.skip = true;
  R.i = Math.max(0, Math.min(R.turns.length, i));
  P.shown = R.states[R.i];
  P.frame = null;
  P.cowries = null;
  if (P.analysis && P.analysis.ply !== R.i) P.analysis = null;
  renderRoom();
}

// replayNext animates the next turn. A press during an animation ends it
// at once and goes one turn further for each press.
export async function replayNext() {
  const R = P.replay;
  if (!R) return;
  if (R.animating) { R.ahead++; P.skip = true; return; }
  if (R.i >= R.turns.length) return;
  const from = R.i;
  R.animating = true;
  R.ahead = 0;
  await animateTurn(R.states[from], { ...R.turns[from], trace: R.traces[from + 1] });
  R.animating = false;
  P.skip = false;
  if (P.replay !== R) return;
  if (R.i === from) replayTo(from + 1 + R.ahead);
  R.ahead = 0;
}

// goToPly goes to the position after ply turns: in the replay, or from a
// finished game into its replay.
export function goToPly(ply) {
  if (P.replay) { stopAutoplay(); replayTo(ply); return; }
  startReplay(ply);
}

export function stopAutoplay() {
  if (P && P.replay && P.replay.auto) { P.replay.auto = false; renderRoom(); }
}

// exitReplay goes back to the game as it is now.
export function exitReplay() {
  stopAutoplay();
  P.replay = null;
  P.analysis = null;
  P.shown = P.match.state;
  P.frame = null;
}

// toggleAutoplay steps through the replay at the chosen speed until the
// end or until stopped.
export async function toggleAutoplay() {
  const R = P.replay;
  if (R.auto) { stopAutoplay(); return; }
  R.auto = true;
  if (R.i >= R.turns.length) replayTo(0);
  renderRoom();
  const pause = { slow: 1500, normal: 800, fast: 300, off: 500 };
  while (P && P.replay === R && R.auto && R.i < R.turns.length) {
    await replayNext();
    await sleep(pause[speed()]);
  }
  if (P && P.replay === R && R.auto) { R.auto = false; renderRoom(); }
}

// onReplayKey: arrow keys step, Home and End jump, while a replay is shown.
export function onReplayKey(e) {
  if (!P || !P.replay || !current || current.name !== 'room' || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.target.closest && e.target.closest('input, select, textarea, #board, dialog')) return;
  const R = P.replay;
  const go = { ArrowLeft: () => replayTo(R.i - 1), ArrowRight: replayNext, Home: () => replayTo(0), End: () => replayTo(R.turns.length) }[e.key];
  if (!go) return;
  e.preventDefault();
  stopAutoplay();
  go();
}

// analyse asks the server for the computer's view of the position shown;
// the answer is dropped if the position changed meanwhile.
export const analyseOnce = guarded(async () => {
  if (!analysable()) return;
  const ply = P.replay ? P.replay.i : P.match.turns.length;
  const mine = { ply, thinking: true };
  P.analysis = mine;
  renderRoom();
  try {
    mine.data = await api('POST', '/api/analysis', analysisBody({ ply }));
  } catch (e) { mine.error = e.message; }
  mine.thinking = false;
  if (!P || P.analysis !== mine) return;
  renderRoom();
  announce(mine.error || w('analysisOf', { n: ply }));
});

export const graphOnce = guarded(async () => {
  if (!analysable()) return;
  const R = P.replay;
  const G = { thinking: true };
  R.graph = G;
  renderRoom();
  try {
    G.data = await api('POST', '/api/analysis/graph', analysisBody({}));
  } catch (e) { G.error = e.message; }
  G.thinking = false;
  if (P && P.replay === R) renderRoom();
});

// coachOnce asks the server to review every player's move of the game
// (POST /api/coach); the words come with the answer, in the page's
// language. At one device the tokens of its seats let it review a game
// still in play.
export const coachOnce = guarded(async () => {
  if (!analysable()) return;
  const R = P.replay;
  const C = { thinking: true };
  R.coach = C;
  renderRoom();
  try {
    C.data = await api('POST', '/api/coach', analysisBody(P.record ? {} : { tokens: Object.values(P.tokens || {}) }));
  } catch (e) { C.error = e.message; }
  C.thinking = false;
  if (P && P.replay === R) renderRoom();
});

// closeAnalysis forgets an analysis when the page changes.
export function closeAnalysis() { if (P) P.analysis = null; }
