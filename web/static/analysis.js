// The computer's analysis, drawn: each player's expected result and the
// best moves of a position, and an evaluation graph over a whole game with
// the moves where the mover's value fell most. The server computes every
// number (POST /api/analysis and /api/analysis/graph); this only draws.

import { w, esc, pct } from './ux.js';

// panel is the HTML of one position's analysis a; name(p) names player p.
export function panel(a, name, ply) {
  let o = `<h3>${esc(w('analysisOf', { n: ply }))}</h3><h4>${esc(w('expected'))}</h4><ul class="evalbars">`;
  a.values.forEach((v, p) => {
    o += `<li><span class="evalname">${esc(name(p))}</span><span class="evalbar" aria-hidden="true"><span style="width:${(v * 100).toFixed(1)}%"></span></span><span class="evalpct">${esc(pct(v))}</span></li>`;
  });
  o += `</ul>`;
  if (!a.moves.length) {
    o += `<p class="note">${esc(w('noMovesHere'))}</p>`;
  } else {
    const by = new Map();
    for (const m of a.moves) {
      if (!by.has(m.player)) by.set(m.player, []);
      by.get(m.player).push(m);
    }
    for (const [p, ms] of by) {
      o += `<h4>${esc(w('bestMoves'))}: ${esc(name(p))}</h4><ol class="bestmoves">`;
      o += ms.slice(0, 5).map((m) => `<li><span class="mv" data-best="${esc(m.move)}">${esc(m.move)}</span> – ${esc(w('moveValue', { pct: pct(m.value), player: name(p) }))}</li>`).join('');
      o += `</ol>`;
    }
  }
  o += `<p class="searched">${esc(w('searched', { iterations: a.iterations, s: (a.ms / 1000).toFixed(1) }))}</p>`;
  return o;
}

// mistakes finds the turns after which a mover's value fell most: at most
// three, each a fall of at least 15 points, from consecutive positions.
export function mistakes(graph, turns) {
  const out = [];
  for (let i = 1; i < graph.plies.length; i++) {
    const ply = graph.plies[i];
    if (ply - graph.plies[i - 1] !== 1) continue;
    const turn = turns[ply - 1];
    if (!turn) continue;
    for (const p of turn.actors) {
      if (p < 0) continue;
      const from = graph.values[i - 1][p], to = graph.values[i][p];
      if (from - to >= 0.15) out.push({ ply, player: p, move: turn.move, from, to });
    }
  }
  out.sort((a, b) => (b.from - b.to) - (a.from - a.to));
  return out.slice(0, 3).sort((a, b) => a.ply - b.ply);
}

// graphSVG draws each player's value over the game, the position shown
// (at ply at) and the mistakes.
export function graphSVG(graph, name, at, marks) {
  const W = 600, H = 170, L = 34, R = 8, T = 8, B = 22;
  const n = Math.max(1, graph.turns);
  const x = (ply) => L + (ply / n) * (W - L - R);
  const y = (v) => T + (1 - v) * (H - T - B);
  const players = graph.values.length ? graph.values[0].length : 0;
  let o = `<svg class="evalgraph" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="graph-h graph-d">`;
  o += `<rect x="${L}" y="${T}" width="${W - L - R}" height="${H - T - B}" class="gbg"/>`;
  for (const v of [0, 0.5, 1]) {
    o += `<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" class="grid${v === 0.5 ? ' even' : ''}"/>`;
    o += `<text x="${L - 4}" y="${y(v) + 4}" text-anchor="end" class="gtick">${v * 100}</text>`;
  }
  o += `<text x="${W - R}" y="${H - 5}" text-anchor="end" class="gtick">${graph.turns}</text><text x="${L}" y="${H - 5}" class="gtick">0</text>`;
  for (let p = 0; p < players; p++) {
    const pts = graph.plies.map((ply, i) => `${x(ply).toFixed(1)},${y(graph.values[i][p]).toFixed(1)}`).join(' ');
    o += `<polyline points="${pts}" class="gline gl${p % 4}"/>`;
  }
  if (at !== undefined && at !== null) o += `<line x1="${x(at)}" x2="${x(at)}" y1="${T}" y2="${H - B}" class="gnow"/>`;
  for (const m of marks) {
    o += `<circle cx="${x(m.ply)}" cy="${y(m.to)}" r="6" class="gmistake"><title>${esc(w('mistakeAt', { n: m.ply, player: name(m.player), move: m.move, from: pct(m.from), to: pct(m.to) }))}</title></circle>`;
  }
  o += `</svg>`;
  return o;
}

// coachList is the HTML of a game's review: each move that lost more than
// a little, with its mark, the better move (shown on the board on hover
// and focus, as a best move is) and why, in the server's words.
export function coachList(data, name) {
  const bad = data.reviews.filter((r) => r.mark !== 'best' && r.mark !== 'good');
  if (!bad.length) return `<p class="note">${esc(w('coachClean'))}</p>`;
  return `<ul class="coach">` + bad.map((r) => `<li class="coach-${esc(r.mark)}"><button type="button" class="mvbtn" data-ply="${r.ply}">${esc(w('coachAt', { n: r.ply + 1, player: name(r.player), move: r.move, mark: r.markWords }))}</button> <span class="mv" data-best="${esc(r.best)}">${esc(r.best)}</span>${r.words ? ` – ${esc(r.words)}` : ''}</li>`).join('') + `</ul>`;
}
