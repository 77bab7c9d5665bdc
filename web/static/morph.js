// morph changes an element to new markup in place (morphdom): elements
// that stay keep their focus, scroll position and hover, a field being
// typed in keeps its value and a menu keeps its open state.

import morphdom from './vendor/morphdom.js';

export function morph(el, html) {
  morphdom(el, html, {
    onBeforeElUpdated(from, to) {
      if (from === document.activeElement && (from.tagName === 'INPUT' || from.tagName === 'SELECT' || from.tagName === 'TEXTAREA')) {
        to.value = from.value;
      }
      if (from.tagName === 'DETAILS') to.open = from.open;
      return !from.isEqualNode(to);
    },
  });
}
