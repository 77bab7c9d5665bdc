// Arrow keys on a board: its places in their order on the screen (the
// board may be turned), and one place of the board in the Tab order.

// screenOrder lists the board's focusable places top to bottom, then left
// to right, as they are on the screen (the board may be turned).
function screenOrder(box) {
  const items = [...box.querySelectorAll('[tabindex]')].map((el) => {
    const r = el.getBoundingClientRect();
    return { el, x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  items.sort((a, b) => (Math.abs(a.y - b.y) > 8 ? a.y - b.y : a.x - b.x));
  return items;
}

// placeKey names a place of a board (its hole or square).
const placeKey = (el) => el.getAttribute('data-hole') || el.getAttribute('data-square');

// rove makes el the board's one place in the Tab order and returns its
// name, to keep it there after a redraw.
export function rove(box, el) {
  for (const x of box.querySelectorAll('[tabindex]')) x.tabIndex = x === el ? 0 : -1;
  return placeKey(el);
}

// neighbour is the place next to from in the direction of an arrow key,
// by the positions on the screen; Home and End go to the first and last.
export function neighbour(box, from, key) {
  const items = screenOrder(box);
  if (!items.length) return null;
  if (key === 'Home') return items[0].el;
  if (key === 'End') return items[items.length - 1].el;
  const me = items.find((it) => it.el === from);
  if (!me) return items[0].el;
  const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  let best = null, bestD = Infinity;
  for (const it of items) {
    const dx = it.x - me.x, dy = it.y - me.y;
    const along = dx * dir[0] + dy * dir[1];
    if (it === me || along <= 4) continue;
    const across = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
    const d = along + 2 * across;
    if (d < bestD) { best = it.el; bestD = d; }
  }
  return best;
}

// roveInit leaves one place of the board in the Tab order: the one last
// focused if it is still there, else the first that may be played, else
// the first on the screen.
export function roveInit(box, kept) {
  const items = placesInOrder(box);
  if (!items.length) return;
  const keep = kept !== null && kept !== undefined && items.find((el) => placeKey(el) === kept);
  const playable = items.find((el) => el.matches('[data-move], [data-pick]'));
  const el = keep || playable || items[0];
  for (const it of items) {
    const i = it === el ? 0 : -1;
    if (it.tabIndex !== i) it.tabIndex = i;
  }
}

// ranked is the screen order of the places of the board last ordered
// (rank by place), and what it holds for: the board's places, its turn
// and the window's size. A board's places keep their order as its men
// move, and roveInit runs after every redraw: reading their geometry
// each time would force a layout of the page at every turn.
let ranked = { sig: '', rank: null };

// placesInOrder is the board's focusable places in their screen order
// (screenOrder's), from ranked while it holds.
function placesInOrder(box) {
  const els = [...box.querySelectorAll('[tabindex]')];
  const keys = els.map(placeKey);
  if (keys.includes(null)) return screenOrder(box).map((it) => it.el);
  const sig = `${box.className} ${innerWidth}x${innerHeight}@${devicePixelRatio} ${keys.join(',')}`;
  if (ranked.sig !== sig) {
    const rank = new Map();
    screenOrder(box).forEach((it, i) => rank.set(placeKey(it.el), i));
    ranked = { sig, rank };
  }
  return els.sort((a, b) => ranked.rank.get(placeKey(a)) - ranked.rank.get(placeKey(b)));
}
