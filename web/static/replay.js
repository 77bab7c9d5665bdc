// The replay of a match (a position after any turn, by the move list, the
// arrow keys or autoplay) and the computer's analysis: of a position on
// request, of the whole game as a graph. The numbers come from the server.

import { t } from './i18n.js';
import { playerName } from './boards.js';
import { w, guarded, pct, esc } from './ux.js';
import { panel, mistakes, graphSVG } from './analysis.js';
import { current, api, showError, clearError, speed, sleep } from './app.js';
import { P, renderPlay, announce, animateTurn, status, describeTurn, shownTurns } from './play.js';

// moveListHTML lists the turns played up to the state shown; in a replay
// and at the end every turn is a button that goes to the position after it.
export function moveListHTML() {
  const R = P.replay;
  const turns = R ? R.turns : P.match.turns.slice(0, shownTurns());
  if (!turns.length) return `<p id="movelist" class="movelist">${esc(t('noMoves'))}</p>`;
  const links = R || (status() === 'over' && P.resigned === undefined);
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
// in a replay the evaluation graph.
export function analysisHTML() {
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
  }
  return o;
}

export async function startReplay(at) {
  clearError();
  try {
    // the server answers the states in pages
    let r = await api('GET', `/api/rooms/${P.match.id}/states`);
    const states = r.states;
    const traces = r.traces;
    while (r.next !== null && r.next !== undefined) {
      r = await api('GET', `/api/rooms/${P.match.id}/states?from=${r.next}`);
      states.push(...r.states);
      traces.push(...r.traces);
    }
    // traces[i] shows how states[i] came about
    P.replay = { states, turns: r.turns, traces, i: 0, graph: null };
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
  renderPlay();
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
  await animateTurn(R.states[from], { ...R.turns[from], trace: R.traces[from + 1] }, R.states[from + 1]);
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
  if (P && P.replay && P.replay.auto) { P.replay.auto = false; renderPlay(); }
}

// toggleAutoplay steps through the replay at the chosen speed until the
// end or until stopped.
export async function toggleAutoplay() {
  const R = P.replay;
  if (R.auto) { stopAutoplay(); return; }
  R.auto = true;
  if (R.i >= R.turns.length) replayTo(0);
  renderPlay();
  const pause = { slow: 1500, normal: 800, fast: 300, off: 500 };
  while (P && P.replay === R && R.auto && R.i < R.turns.length) {
    await replayNext();
    await sleep(pause[speed()]);
  }
  if (P && P.replay === R && R.auto) { R.auto = false; renderPlay(); }
}

// onReplayKey: arrow keys step, Home and End jump, while a replay is shown.
export function onReplayKey(e) {
  if (!P || !P.replay || !current || current.name !== 'play' || e.altKey || e.ctrlKey || e.metaKey) return;
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
  const ply = P.replay ? P.replay.i : P.match.turns.length;
  const mine = { ply, thinking: true };
  P.analysis = mine;
  renderPlay();
  try {
    mine.data = await api('POST', '/api/analysis', { room: P.match.id, ply });
  } catch (e) { mine.error = e.message; }
  mine.thinking = false;
  if (!P || P.analysis !== mine) return;
  renderPlay();
  announce(mine.error || w('analysisOf', { n: ply }));
});

export const graphOnce = guarded(async () => {
  const R = P.replay;
  const G = { thinking: true };
  R.graph = G;
  renderPlay();
  try {
    G.data = await api('POST', '/api/analysis/graph', { room: P.match.id });
  } catch (e) { G.error = e.message; }
  G.thinking = false;
  if (P && P.replay === R) renderPlay();
});

// closeAnalysis forgets an analysis when the page changes.
export function closeAnalysis() { if (P) P.analysis = null; }
