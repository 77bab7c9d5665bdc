// The page's words in the reader's language. The words are not written
// here: they are the one catalogue's (package messages), generated into
// words.js (the page's own: pageWords) or sent by the server with a game
// (setWords); t(key, vars) looks a key up in the current language and
// fills in {name} placeholders. web's TestNoWordsWrittenInThePage fails
// if a module of the page writes a sentence of its own.

import { languages, pageWords } from './words.js';
import { store } from './kiosk.js';

// words are the current game's own words and messages (from its package,
// through the server), by key: {key: {en, de}}.
let words = {};

// setWords makes w the current game's words (none: {}).
export function setWords(w) { words = w || {}; }

let lang = languages[0];

// detectLanguage picks the saved language, else the browser's.
export function detectLanguage() {
  const saved = store.getItem('tabula.lang');
  if (languages.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || languages[0]]) {
    const short = String(l).slice(0, 2).toLowerCase();
    if (languages.includes(short)) return short;
  }
  return languages[0];
}

export function setLanguage(l) {
  lang = languages.includes(l) ? l : languages[0];
  store.setItem('tabula.lang', lang);
  document.documentElement.lang = lang;
}

export function getLanguage() { return lang; }

export { languages };

// languageName is the name of language l in itself ("Deutsch").
export function languageName(l) { return pageWords.languageName[l]; }

// fillLanguages makes a select's options the languages, each by its name,
// the current one chosen.
export function fillLanguages(select) {
  select.replaceChildren(...languages.map((l) => Object.assign(document.createElement('option'), { value: l, lang: l, textContent: languageName(l) })));
  select.value = lang;
}

// table is the page's words in language l, by key (for the tests that
// check a page has no word of another language).
export function table(l) {
  return Object.fromEntries(Object.entries(pageWords).map(([k, w]) => [k, w[l]]));
}

// t is the words of key in the current language (the page's own, else the
// game's; the first language's where the current one has none; the key
// itself where none has it), with vars filled in.
export function t(key, vars = {}) {
  const w = pageWords[key] || words[key];
  const s = w && (w[lang] || w[languages[0]]);
  if (s === undefined) return key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] !== undefined ? String(vars[k]) : m));
}

// tn is t for a count: key_one for 1, key_other for any other number.
export function tn(key, n) {
  return t(key + (n === 1 ? '_one' : '_other'), { n });
}

// pick chooses the current language's text of a {en, de} object.
export function pick(obj) {
  if (!obj) return '';
  return obj[lang] || obj[languages[0]] || '';
}

// optionDoc is the description of an option in the current language.
export function optionDoc(opt) {
  return pick(opt.docs) || opt.doc;
}

// valueLabel is the label of a value of an enum option in the current
// language, with the value itself, which the records and rules pages use.
export function valueLabel(opt, v) {
  const l = pick(opt.labels && opt.labels[v]);
  return l ? `${l} (${v})` : v;
}
