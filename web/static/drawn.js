// drawn is the markup each element was last morphed to (morph.js), or
// written with as a part: a part whose markup did not change is left as
// it is (neither parsed nor compared). Apart from morph.js, which loads
// morphdom, so that modules that need no document (ux.js) may read it.
export const drawn = new WeakMap();

// drawnAs records that the parts of el (as morph takes them) are drawn:
// el was just written with them in full.
export function drawnAs(el, parts) {
  for (const [id, part] of Object.entries(parts)) {
    const at = el.querySelector('#' + id);
    if (at) drawn.set(at, part);
  }
}

// drawnOf is the markup el was last morphed to (or written with, as a
// part), or undefined.
export const drawnOf = (el) => drawn.get(el);
