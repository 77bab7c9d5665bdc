// SVG boards of the games and their animations. Each board kind offers
//   view(state)                  -> a view model of a state
//   svg(view, ui)                -> SVG markup of a view
//   frames(prev, turn, next)     -> the views that lead from prev to next
// ui says what the person may click: ui.moves maps element keys to move
// texts, ui.picks lists squares with men to pick, ui.selected the picked one.
// Clickable elements carry data-move or data-pick and are focusable.

import { t } from './i18n.js';

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

export const playerColors = ['#b03a2e', '#1f5fa8', '#23784a', '#7d3c98'];
const playerFills = ['#e8a59d', '#a9c6ec', '#a6dcbc', '#d7b5e6'];

// shape draws the man of player p, centred at (x, y), size r; shapes tell
// the players apart without colour: circle, square, triangle, diamond.
export function shape(p, x, y, r, extra = '') {
  const c = playerColors[p % 4];
  const f = playerFills[p % 4];
  const common = `fill="${f}" stroke="${c}" stroke-width="${Math.max(2, r / 4)}" ${extra}`;
  switch (p % 4) {
    case 0: return `<circle cx="${x}" cy="${y}" r="${r}" ${common}/>`;
    case 1: return `<rect x="${x - r * 0.9}" y="${y - r * 0.9}" width="${r * 1.8}" height="${r * 1.8}" rx="${r * 0.15}" ${common}/>`;
    case 2: return `<polygon points="${x},${y - r * 1.1} ${x + r * 1.05},${y + r * 0.8} ${x - r * 1.05},${y + r * 0.8}" ${common}/>`;
    default: return `<polygon points="${x},${y - r * 1.15} ${x + r * 1.15},${y} ${x},${y + r * 1.15} ${x - r * 1.15},${y}" ${common}/>`;
  }
}

// names, when set, gives the app's names of the players ("You",
// "Computer (medium)"), or null to keep "Player N".
let names = null;
export function setPlayerNames(fn) { names = fn; }
export function playerName(p) { return (names && names(p)) || t('player', { n: p }); }

// ---------------------------------------------------------------- mancala

const owner = (h) => (h >= 5 ? 0 : 1);
const holeX = (h) => { const col = h <= 4 ? h : 9 - h; return 172 + 104 * col; };
const holeY = (h) => (h <= 4 ? 100 : 210);
const storeX = (p) => (p === 0 ? 695 : 65);

function seedsAt(cx, cy, n, sx, sy, max) {
  let out = '';
  const k = Math.min(n, max);
  for (let i = 0; i < k; i++) {
    const a = i * 2.39996;
    const d = Math.sqrt(i + 0.5);
    out += `<circle class="seed" cx="${(cx + Math.cos(a) * d * sx).toFixed(1)}" cy="${(cy + Math.sin(a) * d * sy).toFixed(1)}" r="5.2"/>`;
  }
  return out;
}

const mancala = {
  view(s) {
    return {
      holes: s.holes.slice(), stores: s.stores.slice(), burnt: (s.burnt || []).slice(),
      hands: [], marks: {}, round: s.round, phase: s.phase, captured: s.captured,
    };
  },

  svg(v, ui = {}) {
    const moves = ui.moves || {};
    let o = `<svg class="board mancala" viewBox="0 0 760 310" xmlns="http://www.w3.org/2000/svg" role="group" aria-label="${esc(ui.label || '')}">`;
    o += `<defs><pattern id="burnt" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#3b2a20"/><line x1="0" y1="0" x2="0" y2="8" stroke="#7a4a2a" stroke-width="3"/></pattern></defs>`;
    o += `<rect x="6" y="30" width="748" height="250" rx="125" class="wood"/>`;
    o += `<text x="380" y="22" class="rowlabel" text-anchor="middle">${esc(playerName(1))} ▾  (0 1 2 3 4)</text>`;
    o += `<text x="380" y="302" class="rowlabel" text-anchor="middle">${esc(playerName(0))} ▴  (9 8 7 6 5)</text>`;
    for (const p of [0, 1]) {
      const x = storeX(p);
      const label = t('store', { owner: playerName(p), n: v.stores[p] });
      o += `<g class="store" role="img" aria-label="${esc(label)}"><ellipse cx="${x}" cy="155" rx="42" ry="108" class="pit"/>`;
      const k = Math.sqrt(Math.max(1, Math.min(v.stores[p], 60))); // seeds stay inside the store, clear of its count
      o += seedsAt(x, 155, v.stores[p], Math.min(7.5, 32 / k), Math.min(13, 56 / k), 60);
      o += `<text x="${x}" y="${p === 0 ? 75 : 250}" class="count store-count" text-anchor="middle">${v.stores[p]}</text>`;
      o += shape(p, x, p === 0 ? 245 : 65, 10, 'class="owner-mark"') + `</g>`;
    }
    for (let h = 0; h < 10; h++) {
      const x = holeX(h), y = holeY(h);
      const burnt = v.burnt[h];
      const mv = moves[String(h)];
      const label = burnt ? t('holeBurnt', { h, owner: playerName(owner(h)) })
        : t('holeLabel', { h, owner: playerName(owner(h)), n: v.holes[h] }) + (mv !== undefined ? ', ' + t('playHole', { h }) : '');
      const attrs = mv !== undefined ? `data-move="${esc(mv)}" tabindex="0" role="button"` : 'role="img"';
      const mark = v.marks[h] || '';
      o += `<g class="hole${mv !== undefined ? ' playable' : ''}${mark ? ' ' + mark : ''}" data-hole="${h}" ${attrs} aria-label="${esc(label)}">`;
      o += `<circle cx="${x}" cy="${y}" r="45" class="pit${burnt ? ' burnt' : ''}"/>`;
      if (!burnt) o += seedsAt(x, y, v.holes[h], 6.6, 6.6, 30);
      o += `<circle cx="${x}" cy="${y}" r="49" class="ring"/>`;
      const ty = h <= 4 ? y - 52 : y + 62;
      o += `<text x="${x + 40}" y="${h <= 4 ? y - 34 : y + 44}" class="holeno" text-anchor="middle">${h}</text>`;
      o += `<text x="${x}" y="${ty}" class="count" text-anchor="middle">${burnt ? '✕' : v.holes[h]}</text>`;
      o += `</g>`;
    }
    for (const hand of v.hands) {
      if (hand.pos === undefined || hand.pos < 0) continue;
      const x = holeX(hand.pos), y = holeY(hand.pos);
      const dx = hand.player === 0 ? -30 : 30;
      const dy = hand.player === 0 ? 30 : -30;
      o += `<g class="hand" aria-hidden="true"><circle cx="${x}" cy="${y}" r="52" fill="none" stroke="${playerColors[hand.player]}" stroke-width="5" stroke-dasharray="${hand.player ? '10 5' : 'none'}"/>`;
      o += shape(hand.player, x + dx, y + dy, 14);
      o += `<text x="${x + dx}" y="${y + dy + 5}" text-anchor="middle" class="handcount">${hand.count}</text></g>`;
    }
    o += `</svg>`;
    return o;
  },
};

// Adji-Boto: sow all seeds but one, counter-clockwise (index decreasing).
function adjiFrames(prev, turn, next) {
  const p = turn.actors[0];
  const h = Number(turn.move);
  const v = mancala.view(prev);
  const frames = [];
  const skipOrigin = !!(prev.options && prev.options['skip-origin']);
  let n = v.holes[h] - 1;
  v.holes[h] = 1;
  let pos = h;
  frames.push({ ...v, holes: v.holes.slice(), hands: [{ pos, count: n, player: p }], marks: { [h]: 'origin' } });
  let guard = 0;
  while (n > 0 && guard++ < 2000) {
    pos = pos === 0 ? 9 : pos - 1;
    if (pos === h && skipOrigin) continue;
    v.holes[pos]++;
    n--;
    frames.push({ ...v, holes: v.holes.slice(), hands: [{ pos, count: n, player: p }], marks: { [pos]: 'last' } });
  }
  if (!next.terminal) {
    const marks = {};
    let any = false;
    for (let i = 0; i < 10; i++) {
      if (next.holes[i] < v.holes[i]) { marks[i] = 'capture'; any = true; }
    }
    if (any) frames.push({ ...v, holes: v.holes.slice(), hands: [], marks }, { ...v, holes: v.holes.slice(), hands: [], marks }, { ...v, holes: v.holes.slice(), hands: [], marks });
  }
  return frames;
}

// Agsinnoninka: both sowings at once, in lockstep, with relays (pussa
// kanawa), the same-hole conflict and the captures, step by step as
// games/agsinnoninka resolves a turn. The final state always comes from
// the server; the frames show how it came about.
function agsFrames(prev, turn, next) {
  const v = mancala.view(prev);
  const parts = turn.move.split(',').map(Number);
  if (parts.length !== 2 || parts.some(isNaN)) return [];
  const o = prev.options || {};
  // another reading of "simultaneous" (the sowings one after the other):
  // no lockstep frames, the server's state shows the result
  if (next.pending || (o.simultaneity && o.simultaneity !== 'lockstep')) return [];
  const burnt = v.burnt.length ? v.burnt : new Array(10).fill(false);
  if (burnt.every(Boolean)) return [];
  const prevHole = (h) => (h === 0 ? 9 : h - 1);
  const P = parts.map((h, i) => ({ i, pos: h, origin: h, hand: v.holes[h], active: true }));
  const sow = (p) => { let h = p.pos; do { h = prevHole(h); } while (burnt[h] || (o['skip-origin'] && h === p.origin)); return h; };
  const look = (pos) => { let h = prevHole(pos); if (o['burnt-next'] !== 'empty') { let k = 0; while (burnt[h] && k++ < 10) h = prevHole(h); } return h; };
  const endHole = (pos, t) => (o['end-hole'] === 'last' ? pos : t);
  for (const p of P) v.holes[p.pos] = 0;
  const frames = [];
  const snap = (marks) => frames.push({ ...v, holes: v.holes.slice(), stores: v.stores.slice(),
    hands: P.filter((p) => p.active).map((p) => ({ pos: p.pos, count: p.hand, player: p.i })), marks });
  snap({ [P[0].pos]: 'origin', [P[1].pos]: 'origin' });
  let guard = 0;
  while (P.some((p) => p.active) && guard++ < 600) {
    const marks = {};
    for (const p of P) {
      if (!p.active) continue;
      p.pos = sow(p);
      v.holes[p.pos]++;
      p.hand--;
      marks[p.pos] = 'last';
    }
    const target = [-1, -1];
    const stop = [false, false];
    const endAt = [-1, -1];
    for (const p of P) {
      if (!p.active || p.hand > 0) continue;
      const t = look(p.pos);
      if (v.holes[t] === 0 || burnt[t]) { stop[p.i] = true; endAt[p.i] = endHole(p.pos, t); }
      else target[p.i] = t;
    }
    if (target[0] >= 0 && target[0] === target[1]) {
      const t = target[0];
      const losers = o.conflict === 'both-stop' ? [0, 1] : [1 - owner(t)];
      for (const q of losers) { target[q] = -1; stop[q] = true; endAt[q] = endHole(P[q].pos, t); }
    }
    for (const p of P) {
      const t = target[p.i];
      if (t < 0) continue;
      p.hand = v.holes[t]; v.holes[t] = 0; p.pos = t; p.origin = t;
      marks[t] = 'origin';
    }
    const take = [0, 0];
    for (const p of P) if (stop[p.i] && owner(endAt[p.i]) === p.i) take[p.i] = v.holes[9 - endAt[p.i]];
    for (const p of P) {
      if (!stop[p.i]) continue;
      if (take[p.i] > 0) { v.holes[9 - endAt[p.i]] = 0; v.stores[p.i] += take[p.i]; marks[9 - endAt[p.i]] = 'capture'; }
      p.active = false;
    }
    snap(marks);
  }
  return frames;
}

// ---------------------------------------------------------------- tamman

const FILES = 'abcde';
const unit = 560 / 5.4;
const widths = [1, 1, 1.4, 1, 1].map((w) => w * unit);
const offs = widths.reduce((a, w, i) => { a.push(i === 0 ? 20 : a[i - 1] + widths[i - 1]); return a; }, []);
const sqX = (f) => offs[f];
const sqY = (r) => offs[4 - r];
const parseSq = (sq) => [FILES.indexOf(sq[0]), Number(sq[1]) - 1];
const sqName = (f, r) => FILES[f] + (r + 1);
const AYN = ['c1', 'e3', 'c5', 'a3'];
const DAF = ['c2', 'd3', 'c4', 'b3'];
const basePath = 'c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 a3 a2 a1 b1 b2 b3 b4 c4 d4 d3 d2 c2 c3'.split(' ');
const rot = (sq) => { const [x, y] = parseSq(sq); return sqName(4 - y, x); };

// seatOf is the index in AYN of player p's 'ayn: from the state's seats
// when it gives them, else by the rule of issue 3 (two players sit opposite).
export function seatOf(p, n, seats) {
  if (seats && seats[p] && AYN.includes(seats[p])) return AYN.indexOf(seats[p]);
  return n === 2 ? [0, 2][p] : p;
}

export function tammanPath(p, n, seats) {
  let path = basePath;
  for (let k = 0; k < seatOf(p, n, seats); k++) path = path.map(rot);
  return path;
}

const cowrieNames = { 1: 'wahid', 2: 'tinteyn', 3: 'talad', 4: 'waraq', 8: 'tamman' };

function squareKind(sq) {
  if (sq === 'c3') return 'habarti';
  if (AYN.includes(sq)) return 'ayn';
  if (DAF.includes(sq)) return 'dafandaf';
  return '';
}

export function parseTammanMove(m) {
  const x = /^([a-e][1-5])\+(\d+)$/.exec(m);
  return x ? { from: x[1], n: Number(x[2]) } : null;
}

function tammanTarget(p, n, from, k, seats) {
  const path = tammanPath(p, n, seats);
  const i = path.indexOf(from);
  if (i < 0) return null;
  return path[Math.min(i + k, path.length - 1)];
}

const tamman = {
  view(s) {
    return {
      pieces: (s.pieces || []).map((a) => a.slice()), throws: (s.throws || []).slice(),
      n: (s.pieces || []).length || 2, phase: s.phase, cowries: null, marks: {}, moving: null,
      toMove: s.toMove, seats: s.seats,
    };
  },

  svg(v, ui = {}) {
    const moves = ui.moves || {};
    const picks = new Set(ui.picks || []);
    let o = `<svg class="board tamman" viewBox="0 0 600 600" xmlns="http://www.w3.org/2000/svg" role="group" aria-label="${esc(ui.label || '')}">`;
    o += `<rect x="8" y="8" width="584" height="584" rx="10" class="sand"/>`;
    // men per square and player
    const at = {};
    v.pieces.forEach((sqs, p) => sqs.forEach((sq) => { (at[sq] = at[sq] || {})[p] = ((at[sq] || {})[p] || 0) + 1; }));
    for (let r = 4; r >= 0; r--) {
      for (let f = 0; f < 5; f++) {
        const sq = sqName(f, r);
        const x = sqX(f), y = sqY(r), w = widths[f], h = widths[r];
        const kind = squareKind(sq);
        const men = at[sq] || {};
        const menText = Object.keys(men).length
          ? Object.entries(men).map(([p, c]) => t('menOf', { count: c, player: playerName(Number(p)) + ' (' + t('shape_' + (p % 4)) + ')' })).join(', ')
          : t('noMen');
        const mv = moves[sq];
        const isPick = picks.has(sq);
        let label = t('squareLabel', { sq, name: kind ? ' (' + t(kind) + ')' : '', men: menText });
        if (mv !== undefined) { const pm = parseTammanMove(mv); label += ', ' + t('moveTo', { from: pm.from, n: pm.n, to: sq }); }
        else if (isPick) label += ', ' + t('pickMan', { player: playerName(ui.player), sq });
        const cls = ['sq', kind, mv !== undefined ? 'target' : '', isPick ? 'pickable' : '', ui.selected === sq ? 'selected' : '', v.marks[sq] || ''].join(' ');
        const attrs = mv !== undefined ? `data-move="${esc(mv)}" tabindex="0" role="button"`
          : isPick ? `data-pick="${sq}" tabindex="0" role="button" aria-pressed="${ui.selected === sq}"` : 'role="img"';
        o += `<g class="${cls}" data-square="${sq}" ${attrs} aria-label="${esc(label)}">`;
        o += `<rect x="${x}" y="${y}" width="${w}" height="${h}" class="cell"/>`;
        if (kind === 'ayn') {
          const seat = v.seats ? v.seats.indexOf(sq) : AYN.indexOf(sq);
          o += `<circle cx="${x + w / 2}" cy="${y + h / 2}" r="${Math.min(w, h) * 0.38}" class="ayn-eye"/>`;
          o += `<circle cx="${x + w / 2}" cy="${y + h / 2}" r="${Math.min(w, h) * 0.1}" class="ayn-pupil"/>`;
          o += `<text x="${x + 6}" y="${y + h - 6}" class="sqname">'ayn</text>`;
          if (seat >= 0) o += `<g aria-hidden="true">${shape(seat, x + w - 14, y + 14, 7)}</g>`;
        } else if (kind === 'dafandaf') {
          o += `<polygon points="${x + w / 2},${y + 10} ${x + w - 10},${y + h / 2} ${x + w / 2},${y + h - 10} ${x + 10},${y + h / 2}" class="daf-mark"/>`;
          o += `<text x="${x + 6}" y="${y + h - 6}" class="sqname">dafandaf</text>`;
        } else if (kind === 'habarti') {
          const cx = x + w / 2, cy = y + h / 2, R = Math.min(w, h) * 0.42, r = R * 0.45;
          let pts = '';
          for (let k = 0; k < 16; k++) { const a = Math.PI * k / 8 - Math.PI / 2; const d = k % 2 ? r : R; pts += `${(cx + Math.cos(a) * d).toFixed(1)},${(cy + Math.sin(a) * d).toFixed(1)} `; }
          o += `<polygon points="${pts}" class="habarti-mark"/>`;
          o += `<text x="${x + 6}" y="${y + h - 6}" class="sqname">habarti</text>`;
        }
        o += `<text x="${x + 5}" y="${y + 14}" class="coord">${sq}</text>`;
        // men: player p in quadrant p; a stack shows as offset shapes and a count
        const players = Object.keys(men).map(Number);
        const r0 = Math.min(w, h) * (players.length > 1 ? 0.14 : 0.18);
        for (const p of players) {
          const qx = players.length > 1 ? (p % 2 === 0 ? 0.3 : 0.7) : 0.5;
          const qy = players.length > 1 ? (p < 2 ? 0.32 : 0.68) : 0.5;
          const cx = x + w * qx, cy = y + h * qy;
          const c = men[p];
          for (let k = Math.min(c, 4) - 1; k >= 0; k--) o += shape(p, cx + k * 3, cy - k * 4, r0, 'class="man"');
          if (c > 1) o += `<text x="${cx}" y="${cy + 5}" class="stackcount" text-anchor="middle">${c}</text>`;
        }
        if (mv !== undefined) {
          const pm = parseTammanMove(mv);
          o += `<text x="${x + w - 8}" y="${y + h - 8}" class="targetlabel" text-anchor="end">+${pm.n}</text>`;
        }
        o += `</g>`;
      }
    }
    if (v.moving) {
      const [f, r] = parseSq(v.moving.sq);
      o += `<g class="moving" aria-hidden="true">${shape(v.moving.player, sqX(f) + widths[f] / 2, sqY(r) + widths[r] / 2, 22)}</g>`;
    }
    o += `</svg>`;
    return o;
  },

  // tray draws the four cowries and the throws waiting to be used.
  tray(v) {
    const up = v.cowries ? v.cowries.up : null;
    let o = `<svg class="tray" viewBox="0 0 320 90" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${esc(up === null ? t('throwsLeft') : t('cowries', { up }))}">`;
    for (let i = 0; i < 4; i++) {
      const cx = 45 + i * 75, cy = 45;
      const rotA = v.cowries ? v.cowries.rot[i] : i * 20 - 30;
      const isUp = v.cowries ? v.cowries.faces[i] : (i % 2 === 0);
      o += `<g transform="rotate(${rotA} ${cx} ${cy})" class="cowrie ${isUp ? 'up' : 'down'}">`;
      o += `<ellipse cx="${cx}" cy="${cy}" rx="30" ry="20" class="shell"/>`;
      if (isUp) {
        o += `<path d="M${cx - 22},${cy} Q${cx},${cy - 5} ${cx + 22},${cy} Q${cx},${cy + 5} ${cx - 22},${cy}" class="mouth"/>`;
        for (let k = -3; k <= 3; k++) o += `<line x1="${cx + k * 6}" y1="${cy - 4}" x2="${cx + k * 6}" y2="${cy + 4}" class="teeth"/>`;
      } else {
        o += `<circle cx="${cx - 8}" cy="${cy - 5}" r="3" class="spot"/><circle cx="${cx + 7}" cy="${cy + 4}" r="3" class="spot"/><circle cx="${cx + 12}" cy="${cy - 6}" r="2" class="spot"/>`;
      }
      o += `</g>`;
    }
    o += `</svg>`;
    return o;
  },
};

function tammanFrames(prev, turn, next) {
  const v = tamman.view(prev);
  const frames = [];
  const tm = /^t(\d+)$/.exec(turn.move);
  if (turn.actors[0] === -1 && tm) {
    const n = Number(tm[1]);
    const up = n === 8 ? 0 : n;
    for (let k = 0; k < 4; k++) {
      const faces = [0, 1, 2, 3].map(() => Math.random() < 0.5);
      frames.push({ ...v, cowries: { faces, rot: faces.map(() => Math.round(Math.random() * 360)), up: faces.filter(Boolean).length, rolling: true } });
    }
    const faces = [0, 1, 2, 3].map((i) => i < up);
    frames.push({ ...v, cowries: { faces, rot: [10, -15, 25, -5], up, value: n, name: cowrieNames[n] || '' } });
    frames.push(frames[frames.length - 1]);
    return frames;
  }
  const pm = parseTammanMove(turn.move);
  if (!pm) return frames;
  const p = turn.actors[0];
  const path = tammanPath(p, v.n, v.seats);
  const i = path.indexOf(pm.from);
  const idx = v.pieces[p] ? v.pieces[p].indexOf(pm.from) : -1;
  if (i < 0 || idx < 0) return frames;
  v.pieces[p].splice(idx, 1);
  for (let k = 0; k <= pm.n && i + k < path.length; k++) {
    frames.push({ ...v, pieces: v.pieces.map((a) => a.slice()), moving: { player: p, sq: path[i + k] }, marks: { [pm.from]: 'origin' } });
  }
  // men sent back: where an enemy man was and is no more
  const marks = {};
  prev.pieces.forEach((sqs, q) => {
    if (q === p) return;
    const after = (next.pieces[q] || []).slice();
    for (const sq of sqs) {
      const j = after.indexOf(sq);
      if (j >= 0) after.splice(j, 1); else marks[sq] = 'capture';
    }
  });
  if (Object.keys(marks).length) {
    const last = frames[frames.length - 1];
    frames.push({ ...last, marks }, { ...last, marks });
    // the men sent back, shown on their 'ayn
    const home = {};
    prev.pieces.forEach((sqs, q) => {
      if (q === p) return;
      const back = (next.pieces[q] || []).filter((sq) => sq === (next.seats ? next.seats[q] : AYN[seatOf(q, v.n)])).length
        - sqs.filter((sq) => sq === (next.seats ? next.seats[q] : AYN[seatOf(q, v.n)])).length;
      if (back > 0) home[next.seats ? next.seats[q] : AYN[seatOf(q, v.n)]] = 'capture';
    });
    const after = { ...tamman.view(next), marks: home };
    frames.push(after, after);
  }
  return frames;
}

// ---------------------------------------------------------------- registry

export const boards = {
  'adji-boto': { kind: 'mancala', view: mancala.view, svg: mancala.svg, frames: adjiFrames },
  agsinnoninka: { kind: 'mancala', view: mancala.view, svg: mancala.svg, frames: agsFrames },
  tamman: { kind: 'tamman', view: tamman.view, svg: tamman.svg, frames: tammanFrames, tray: tamman.tray },
};

// boardFor returns the board of a game; unknown games get a text board.
export function boardFor(id) {
  return boards[id] || {
    kind: 'text',
    view: (s) => ({ s }),
    svg: (v) => `<pre class="board textboard">${esc(JSON.stringify(v.s, null, 1))}</pre>`,
    frames: () => [],
  };
}

// thumbnail is the start position of a game, for the catalogue.
export function thumbnail(id, name) {
  const label = t('boardOf', { name });
  if (id === 'tamman') {
    const v = { pieces: [['c1', 'c1', 'c1', 'c1'], ['e3', 'e3', 'e3', 'e3'], ['c5', 'c5', 'c5', 'c5'], ['a3', 'a3', 'a3', 'a3']], throws: [], n: 4, marks: {}, moving: null };
    return tamman.svg(v, { label }).replace('<svg ', '<svg role="img" ').replace('role="group" ', '');
  }
  if (id === 'adji-boto' || id === 'agsinnoninka') {
    const seeds = id === 'adji-boto' ? 10 : 5;
    const v = { holes: new Array(10).fill(seeds), stores: [0, 0], burnt: [], hands: [], marks: {} };
    return mancala.svg(v, { label }).replace('<svg ', '<svg role="img" ').replace('role="group" ', '');
  }
  return `<svg viewBox="0 0 100 60" role="img" aria-label="${esc(label)}"><rect width="100" height="60" fill="#eee"/></svg>`;
}

export { cowrieNames, tammanTarget };
