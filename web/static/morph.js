// morph changes an element to new markup in place (morphdom): elements
// that stay keep their focus, scroll position and hover, a field being
// typed in keeps its value and a menu keeps its open state.

import morphdom from './vendor/morphdom.js';
import { drawn } from './drawn.js';

// morph changes el to html. parts maps the id of an element in html to
// its markup, which html holds as that element empty (slot's): each part
// is morphed on its own, and only when its markup changed since it was
// drawn (a board, a move list: the largest parts of a room, which most
// updates leave as they were).
export function morph(el, html, parts = {}) {
  const done = morphdom(el, html, {
    onBeforeElUpdated(from, to) {
      if (to.id && parts[to.id] !== undefined && drawn.has(from) && from.tagName === to.tagName) return false;
      if (from === document.activeElement && (from.tagName === 'INPUT' || from.tagName === 'SELECT' || from.tagName === 'TEXTAREA')) {
        to.value = from.value;
      }
      if (from.tagName === 'DETAILS') to.open = from.open;
      return !from.isEqualNode(to);
    },
  });
  drawn.set(done, html);
  for (const [id, part] of Object.entries(parts)) {
    const at = done.querySelector('#' + id);
    if (at && drawn.get(at) !== part && !append(at, part)) morph(at, part);
  }
  return done;
}

// append adds to el the elements its new markup html adds at its end,
// if that is all html changes (a move list as a game goes on), and
// reports whether it did: the elements already there are not parsed
// again.
function append(el, html) {
  const was = drawn.get(el);
  if (was === undefined) return false;
  const close = was.slice(was.lastIndexOf('</'));
  const head = was.slice(0, was.length - close.length);
  if (!head.endsWith('>') || !html.endsWith(close) || html.length <= was.length || !html.startsWith(head)) return false;
  const more = html.slice(head.length, html.length - close.length);
  if (!more.startsWith('<')) return false;
  el.insertAdjacentHTML('beforeend', more);
  drawn.set(el, html);
  return true;
}

// slot is a part's element, empty: its place in the markup around it.
export function slot(part) {
  const open = part.slice(0, part.indexOf('>') + 1);
  return open + `</${/^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(open)[1]}>`;
}
