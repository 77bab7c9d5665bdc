// SVG boards and their animations. The server sends each board's geometry
// (from the game's package) and each turn's trace (its events: lifts,
// drops, captures, steps, men sent back...); a board only draws states and
// replays traces, and holds no rule of any game. Each board kind offers
//   view(state)                  -> a view model of a state
//   svg(view, ui)                -> SVG markup of a view
//   frames(prev, trace)          -> the views that the trace goes through
// ui says what the person may click: ui.moves maps element keys to move
// texts, ui.picks lists squares with men to pick, ui.selected the picked one.
// Clickable elements carry data-move or data-pick and are focusable.

import { t } from './i18n.js';
import { esc } from './ux.js';


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
export function playerName(p) { return (names && names(p)) || t('seatName', { n: p }); }

// explore is the markup of a place nobody may play now: in a room's board
// (ui.explore) the arrow keys still reach it, so that the board can be read
// place by place whoever is to move.
const explore = (ui) => (ui.explore ? 'tabindex="-1" role="img"' : 'role="img"');

// ---------------------------------------------------------------- mancala

// The board has n holes in two rows: holes 0..n/2-1 left to right at the
// top (player 1's row), the rest right to left at the bottom; the stores
// at the ends. Ten holes make a board 760 units wide.
const holeX = (h, n) => 172 + 104 * (h < n / 2 ? h : n - 1 - h);
const holeY = (h, n) => (h < n / 2 ? 100 : 210);
const boardWidth = (n) => 760 + 104 * (n / 2 - 5);
const storeX = (p, n) => (p === 0 ? boardWidth(n) - 65 : 65);

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

  svg(v, ui = {}, geo) {
    const moves = ui.moves || {};
    const n = v.holes.length, W = boardWidth(n);
    // the player owning each hole, as the board declares (player 1 the
    // top row when it says nothing)
    const owner = (h) => (geo && geo.owners ? geo.owners[h] : Number(h < n / 2));
    const row = (from, to) => Array.from({ length: n / 2 }, (_, i) => (from < to ? from + i : from - i)).join(' ');
    let o = `<svg class="board mancala" viewBox="0 0 ${W} 310" xmlns="http://www.w3.org/2000/svg" role="group" aria-label="${esc(ui.label || '')}">`;
    o += `<defs><pattern id="burnt" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#3b2a20"/><line x1="0" y1="0" x2="0" y2="8" stroke="#7a4a2a" stroke-width="3"/></pattern></defs>`;
    o += `<rect x="6" y="30" width="${W - 12}" height="250" rx="125" class="wood"/>`;
    o += `<text x="${W / 2}" y="22" class="rowlabel" text-anchor="middle">${esc(playerName(1))} ▾  (${row(0, n / 2 - 1)})</text>`;
    o += `<text x="${W / 2}" y="302" class="rowlabel" text-anchor="middle">${esc(playerName(0))} ▴  (${row(n - 1, n / 2)})</text>`;
    for (const p of [0, 1]) {
      const x = storeX(p, n);
      const label = t('store', { owner: playerName(p), n: v.stores[p] });
      o += `<g class="store" role="img" aria-label="${esc(label)}"><ellipse cx="${x}" cy="155" rx="42" ry="108" class="pit"/>`;
      const k = Math.sqrt(Math.max(1, Math.min(v.stores[p], 60))); // seeds stay inside the store, clear of its count
      o += seedsAt(x, 155, v.stores[p], Math.min(7.5, 32 / k), Math.min(13, 56 / k), 60);
      o += `<text x="${x}" y="${p === 0 ? 75 : 250}" class="count store-count" text-anchor="middle">${v.stores[p]}</text>`;
      o += shape(p, x, p === 0 ? 245 : 65, 10, 'class="owner-mark"') + `</g>`;
    }
    for (let h = 0; h < n; h++) {
      const x = holeX(h, n), y = holeY(h, n);
      const burnt = v.burnt[h];
      const mv = moves[String(h)];
      const label = burnt ? t('holeBurnt', { h, owner: playerName(owner(h)) })
        : t('holeLabel', { h, owner: playerName(owner(h)), n: v.holes[h] }) + (mv !== undefined ? ', ' + t('playHole', { h }) : '');
      const attrs = mv !== undefined ? `data-move="${esc(mv)}" tabindex="0" role="button"` : explore(ui);
      const mark = v.marks[h] || '';
      o += `<g class="hole${mv !== undefined ? ' playable' : ''}${mark ? ' ' + mark : ''}" data-hole="${h}" ${attrs} aria-label="${esc(label)}">`;
      o += `<circle cx="${x}" cy="${y}" r="45" class="pit${burnt ? ' burnt' : ''}"/>`;
      if (!burnt) o += seedsAt(x, y, v.holes[h], 6.6, 6.6, 30);
      o += `<circle cx="${x}" cy="${y}" r="49" class="ring"/>`;
      const top = h < n / 2;
      const ty = top ? y - 52 : y + 62;
      // a space after each text keeps the words of a place apart, as its
      // accessible name has them (speech input: "click hole 5")
      o += `<text x="${x + 40}" y="${top ? y - 34 : y + 44}" class="holeno" text-anchor="middle">${h}</text> `;
      o += `<text x="${x}" y="${ty}" class="count" text-anchor="middle">${burnt ? '✕' : v.holes[h]}</text> `;
      o += `</g>`;
    }
    for (const hand of v.hands) {
      if (hand.pos === undefined || hand.pos < 0 || hand.pos >= n) continue;
      const x = holeX(hand.pos, n), y = holeY(hand.pos, n);
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

// mancalaFrames replays a turn's trace on prev: one frame for each Time
// of the trace (the two sowings of a lockstep turn move together). Places
// are holes 0..holes-1, then the stores.
function mancalaFrames(prev, trace, geo) {
  const v = mancala.view(prev);
  const holes = (geo && geo.holes) || v.holes.length;
  if (!v.burnt.length) v.burnt = new Array(holes).fill(false);
  const add = (place, d) => { if (place >= holes) v.stores[place - holes] += d; else v.holes[place] += d; };
  const hands = {};
  const frames = [];
  let marks = {};
  let time = null;
  const snap = () => frames.push({ ...v, holes: v.holes.slice(), stores: v.stores.slice(), burnt: v.burnt.slice(),
    hands: Object.values(hands).map((h) => ({ ...h })), marks });
  for (const e of trace) {
    if (time !== null && e.time !== time) { snap(); marks = {}; }
    time = e.time;
    switch (e.kind) {
      case 'lift':
        add(e.from, -e.n);
        hands[e.player] = { pos: e.from, count: e.n, player: e.player };
        marks[e.from] = 'origin';
        break;
      case 'drop':
        add(e.to, 1);
        if (hands[e.player]) { hands[e.player].count--; hands[e.player].pos = e.to; }
        if (e.to < holes) marks[e.to] = 'last';
        break;
      case 'capture':
        add(e.from, -e.n); add(e.to, e.n);
        marks[e.from] = 'capture';
        break;
      case 'transfer': // a hole refilled for a new round is open again
        add(e.from, -e.n); add(e.to, e.n);
        if (e.to < holes) v.burnt[e.to] = false;
        break;
      case 'burn':
        v.burnt[e.from] = true;
        break;
      case 'stop':
        delete hands[e.player];
        break;
      case 'set':
        if (e.from < 0) { if (hands[e.player]) hands[e.player].count = e.n; }
        else if (e.from >= holes) v.stores[e.from - holes] = e.n;
        else v.holes[e.from] = e.n;
        break;
      default: // pass, throw: nothing moves
    }
  }
  if (time !== null) snap();
  return frames;
}

// ---------------------------------------------------------------- grid
// A board of squares in files and ranks, men moving along paths (Tamman),
// laid out as the board declares it: the squares by place number (file +
// files * rank, ranks from the bottom), the width of each file and rank,
// the kind of each named square and the drawing of each kind.

const sum = (xs) => xs.reduce((a, x) => a + x, 0);

// layout is where each square of the grid geo lies, and its kind: x, y,
// w, h by square name, in a board of width W and height H.
function layout(geo) {
  const g = geo || {};
  const files = g.files || [], ranks = g.ranks || [];
  const unit = 560 / Math.max(sum(files), sum(ranks), 1);
  const at = {};
  (g.squares || []).forEach((sq, q) => {
    const f = q % files.length, r = Math.floor(q / files.length);
    at[sq] = { f, r, x: 20 + sum(files.slice(0, f)) * unit, y: 20 + sum(ranks.slice(r + 1)) * unit, w: files[f] * unit, h: ranks[r] * unit };
  });
  // the square each player starts on, from her path
  const starts = {};
  (g.paths || []).forEach((path, p) => { if (path.length && starts[path[0]] === undefined) starts[path[0]] = p; });
  return { at, files: files.length, ranks: ranks.length, W: 40 + sum(files) * unit, H: 40 + sum(ranks) * unit,
    squares: g.squares || [], named: g.named || {}, marks: g.marks || {}, starts };
}

// markSVG draws the mark of a kind of square ("eye", "diamond", "star")
// in the square at x, y of size w, h.
function markSVG(mark, x, y, w, h) {
  const cx = x + w / 2, cy = y + h / 2;
  switch (mark) {
    case 'eye':
      return `<circle cx="${cx}" cy="${cy}" r="${Math.min(w, h) * 0.38}" class="mark-eye"/><circle cx="${cx}" cy="${cy}" r="${Math.min(w, h) * 0.1}" class="mark-eye-pupil"/>`;
    case 'diamond':
      return `<polygon points="${cx},${y + 10} ${x + w - 10},${cy} ${cx},${y + h - 10} ${x + 10},${cy}" class="mark-diamond"/>`;
    case 'star': {
      const R = Math.min(w, h) * 0.42, r = R * 0.45;
      let pts = '';
      for (let k = 0; k < 16; k++) { const a = Math.PI * k / 8 - Math.PI / 2; const d = k % 2 ? r : R; pts += `${(cx + Math.cos(a) * d).toFixed(1)},${(cy + Math.sin(a) * d).toFixed(1)} `; }
      return `<polygon points="${pts}" class="mark-star"/>`;
    }
    default: return '';
  }
}

const grid = {
  view(s) {
    return {
      pieces: (s.pieces || []).map((a) => a.slice()), throws: (s.throws || []).slice(),
      n: (s.pieces || []).length || 2, phase: s.phase, cowries: null, marks: {}, moving: null,
      toMove: s.toMove,
    };
  },

  svg(v, ui = {}, geo) {
    const moves = ui.moves || {};
    const picks = new Set(ui.picks || []);
    const L = layout(geo);
    let o = `<svg class="board grid" viewBox="0 0 ${L.W} ${L.H}" xmlns="http://www.w3.org/2000/svg" role="group" aria-label="${esc(ui.label || '')}">`;
    o += `<rect x="8" y="8" width="${L.W - 16}" height="${L.H - 16}" rx="10" class="sand"/>`;
    // men per square and player
    const at = {};
    v.pieces.forEach((sqs, p) => sqs.forEach((sq) => { (at[sq] = at[sq] || {})[p] = ((at[sq] || {})[p] || 0) + 1; }));
    for (let r = L.ranks - 1; r >= 0; r--) {
      for (let f = 0; f < L.files; f++) {
        const sq = L.squares[r * L.files + f];
        const { x, y, w, h } = L.at[sq];
        const kind = L.named[sq] || '';
        const mark = L.marks[kind] || '';
        const men = at[sq] || {};
        const menText = Object.keys(men).length
          ? Object.entries(men).map(([p, c]) => t('menOf', { count: c, player: playerName(Number(p)) + ' (' + t('shape_' + (p % 4)) + ')' })).join(', ')
          : t('noMen');
        const mv = moves[sq];
        const isPick = picks.has(sq);
        // The name starts with the square's visible text, in its order
        // (name, kind, stacks, steps), so that speech input finds it.
        const stacks = Object.values(men).filter((c) => c > 1);
        const n = (ui.steps || {})[sq];
        const steps = mv !== undefined ? '+' + n : '';
        let label = [sq, kind ? t(kind) : '', ...stacks, steps].filter((x) => x !== '').join(' ') + ': ' + menText;
        if (mv !== undefined) label += ', ' + t('moveTo', { from: ui.selected, n, to: sq });
        else if (isPick) label += ', ' + t('pickMan', { player: playerName(ui.player), sq });
        const cls = ['sq', mark ? 'mark-' + mark : '', mv !== undefined ? 'target' : '', isPick ? 'pickable' : '', ui.selected === sq ? 'selected' : '', v.marks[sq] || ''].join(' ');
        const attrs = mv !== undefined ? `data-move="${esc(mv)}" tabindex="0" role="button"`
          : isPick ? `data-pick="${sq}" tabindex="0" role="button" aria-pressed="${ui.selected === sq}"` : explore(ui);
        o += `<g class="${cls}" data-square="${sq}" ${attrs} aria-label="${esc(label)}">`;
        o += `<rect x="${x}" y="${y}" width="${w}" height="${h}" class="cell"/>`;
        o += `<text x="${x + 5}" y="${y + 14}" class="coord">${sq}</text> `;
        if (kind) {
          o += markSVG(mark, x, y, w, h);
          o += `<text x="${x + 6}" y="${y + h - 6}" class="sqname">${esc(t(kind))}</text> `;
          const seat = L.starts[sq];
          if (seat !== undefined) o += `<g aria-hidden="true">${shape(seat, x + w - 14, y + 14, 7)}</g>`;
        }
        // men: player p in quadrant p; a stack shows as offset shapes and a count
        const players = Object.keys(men).map(Number);
        const r0 = Math.min(w, h) * (players.length > 1 ? 0.14 : 0.18);
        for (const p of players) {
          const qx = players.length > 1 ? (p % 2 === 0 ? 0.3 : 0.7) : 0.5;
          const qy = players.length > 1 ? (p < 2 ? 0.32 : 0.68) : 0.5;
          const cx = x + w * qx, cy = y + h * qy;
          const c = men[p];
          for (let k = Math.min(c, 4) - 1; k >= 0; k--) o += shape(p, cx + k * 3, cy - k * 4, r0, 'class="man"');
          if (c > 1) o += `<text x="${cx}" y="${cy + 5}" class="stackcount" text-anchor="middle">${c}</text> `;
        }
        if (mv !== undefined) {
          o += `<text x="${x + w - 8}" y="${y + h - 8}" class="targetlabel" text-anchor="end">+${n}</text> `;
        }
        o += `</g>`;
      }
    }
    if (v.moving && L.at[v.moving.sq]) {
      const { x, y, w, h } = L.at[v.moving.sq];
      o += `<g class="moving" aria-hidden="true">${shape(v.moving.player, x + w / 2, y + h / 2, 22)}</g>`;
    }
    o += `</svg>`;
    return o;
  },
};

// cowrieTray draws the cowries (as many as a throw can show mouth up) as
// the last throw fell, or at rest.
function cowrieTray(v, geo) {
  const n = cowries(geo);
  const up = v.cowries ? v.cowries.up : null;
  let o = `<svg class="tray" viewBox="0 0 ${20 + 75 * n} 90" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${esc(up === null ? t('throwsLeft') : t('cowries', { up }))}">`;
  for (let i = 0; i < n; i++) {
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
}

// cowries is the number of cowries of a board whose throws fall as the
// board declares (mouthsUp: how many lie mouth up for each throw), or 0.
const cowries = (geo) => Math.max(0, ...Object.values((geo && geo.mouthsUp) || {}));

// gridFrames replays a turn's trace on prev: the cowries for a throw, the
// man moving square by square, the men sent back to their start.
function gridFrames(prev, trace, geo) {
  const n = cowries(geo);
  const each = [...Array(n).keys()];
  const v = grid.view(prev);
  const sq = (place) => geo.squares[place];
  const frames = [];
  const snap = (marks = {}) => frames.push({ ...v, pieces: v.pieces.map((a) => a.slice()), moving: v.moving && { ...v.moving }, marks });
  const take = (p, at) => { const i = v.pieces[p].indexOf(at); if (i >= 0) v.pieces[p].splice(i, 1); };
  const land = () => { if (v.moving) { v.pieces[v.moving.player].push(v.moving.sq); v.moving = null; } };
  for (const e of trace) {
    switch (e.kind) {
      case 'throw': {
        const up = (geo.mouthsUp || {})[e.n] ?? 0; // as the game says the throw fell
        for (let k = 0; k < 4; k++) {
          const faces = each.map((i) => (i * 7 + k * 3) % 4 < 2);
          frames.push({ ...v, cowries: { faces, rot: faces.map((f, i) => (i * 97 + k * 53) % 360), up: faces.filter(Boolean).length, rolling: true } });
        }
        const faces = each.map((i) => i < up);
        const done = { ...v, cowries: { faces, rot: each.map((i) => [10, -15, 25, -5][i % 4]), up, value: e.n } }; // the room names it in the game's words
        frames.push(done, done);
        break;
      }
      case 'step':
        if (!v.moving || v.moving.player !== e.player || v.moving.sq !== sq(e.from)) {
          land();
          take(e.player, sq(e.from));
          v.moving = { player: e.player, sq: sq(e.from) };
          snap({ [sq(e.from)]: 'origin' });
        }
        v.moving.sq = sq(e.to);
        snap();
        break;
      case 'send-back':
        land();
        for (let k = 0; k < e.n; k++) { take(e.player, sq(e.from)); v.pieces[e.player].push(sq(e.to)); }
        snap({ [sq(e.from)]: 'capture', [sq(e.to)]: 'capture' });
        snap({ [sq(e.to)]: 'capture' });
        break;
      case 'pass':
        land();
        snap();
        break;
      default:
    }
  }
  if (v.moving) { land(); snap(); }
  return frames;
}

// ---------------------------------------------------------------- registry

// boards by the kind of board the game declares. key(place, geo) is the
// element key of a place of a trace (a hole's number, a square's name),
// or undefined for a place not drawn as one (a store).
export const boards = {
  mancala: { kind: 'mancala', view: mancala.view, svg: mancala.svg, frames: mancalaFrames,
    key: (i, geo) => (i >= 0 && i < ((geo && geo.holes) || 0) ? i : undefined) },
  grid: { kind: 'grid', view: grid.view, svg: grid.svg, frames: gridFrames,
    key: (i, geo) => ((geo && geo.squares) || [])[i] },
};

// boardFor returns the board for a declared geometry, its drawing bound to
// it; a board whose throws fall as cowries has a tray. Other geometries
// get a text board.
export function boardFor(geo) {
  const b = geo && boards[geo.kind];
  if (b) {
    return { ...b, geo, svg: (v, ui) => b.svg(v, ui, geo), key: (i) => b.key(i, geo),
      tray: cowries(geo) ? (v) => cowrieTray(v, geo) : undefined };
  }
  return {
    kind: 'text',
    view: (s) => ({ s }),
    svg: (v) => `<pre class="board textboard">${esc(JSON.stringify(v.s, null, 1))}</pre>`,
    frames: () => [],
    key: () => undefined,
  };
}

// preview draws a start state on its board (start is the answer of GET
// /api/games/{id}/start), for the home and setup pages.
export function preview(start, name) {
  const label = t('boardOf', { name });
  const b = boardFor(start && start.board);
  if (b.kind === 'text') return `<svg viewBox="0 0 100 60" role="img" aria-label="${esc(label)}"><rect width="100" height="60" fill="#eee"/></svg>`;
  return b.svg(b.view(start.state), { label }).replace('<svg ', '<svg role="img" ').replace('role="group" ', '');
}

// boardUI says what player may click on the board of state s: the legal
// moves by element key; for moves that take a man from one place to
// another, the places to pick a man from (selected is the picked one) and
// the places his moves reach. The places of each move come from the
// server (s.moves, read off the move's trace), so the browser knows
// neither the moves' notation nor the paths.
export function boardUI(board, s, player, selected, label) {
  const ui = { moves: {}, steps: {}, picks: [], selected: null, player, label };
  if (player < 0) return ui;
  const legal = (s.legal && s.legal[String(player)]) || [];
  const mine = (s.moves || []).filter((mv) => mv.player === player && board.key(mv.from) !== undefined);
  for (const mv of mine) {
    const from = board.key(mv.from), to = board.key(mv.to);
    if (to === undefined) {
      ui.moves[from] = mv.move; // a sowing: offered on its hole
      continue;
    }
    if (!ui.picks.includes(from)) ui.picks.push(from);
    if (selected === from && ui.moves[to] === undefined) { ui.moves[to] = mv.move; ui.steps[to] = mv.steps; }
  }
  if (ui.picks.length) ui.selected = selected;
  // a game that places no move is offered by its texts
  if (!mine.length) for (const mv of legal) ui.moves[mv] = mv;
  return ui;
}
