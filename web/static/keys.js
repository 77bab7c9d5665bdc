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
  const items = screenOrder(box);
  if (!items.length) return;
  const keep = kept !== null && kept !== undefined && items.find((it) => placeKey(it.el) === kept);
  const playable = items.find((it) => it.el.matches('[data-move], [data-pick]'));
  const el = (keep || playable || items[0]).el;
  for (const it of items) it.el.tabIndex = it.el === el ? 0 : -1;
}
