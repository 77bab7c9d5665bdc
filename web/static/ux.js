// What the app does around the games: its own words for the newer parts
// (English and German), a confirmation dialog, buttons that cannot start
// something twice, and a move list that follows the newest move.

import { t, getLanguage } from './i18n.js';

const words = {
  en: {
    notFound: 'Not found',
    problem: 'This page could not be shown',
    notFoundText: 'There is nothing at this address: {what}',
    backHome: 'Back to the games',
    moreOptions: 'More options',
    moreOptionsHint: 'The defaults are the readings of the sources that the rules page documents.',
    you: 'You',
    youWin: 'You win',
    yourTurnSolo: 'Your turn',
    computer: 'Computer ({level})',
    computerN: 'Computer {n} ({level})',
    lvl_random: 'random', lvl_greedy: 'greedy',
    resign: 'Resign',
    resignAsk: 'Resign this game?',
    resignYes: 'Resign',
    resigned: '{player} resigned.',
    newAsk: 'Start a new game? The game in progress is given up.',
    newYes: 'Start a new game',
    undoAsk: 'Take back the last turn?',
    undoYes: 'Take back',
    cancel: 'Cancel',
    turnBoard: 'Turn the board',
    hint: 'Hint',
    analyse: 'Analyse this position',
    thinking: 'The computer is thinking…',
    analysisTitle: 'Analysis',
    analysisOf: 'Analysis after move {n}',
    expected: 'Expected result',
    bestMoves: 'Best moves',
    noMovesHere: 'Nobody chooses here (a throw or the end of the game).',
    moveValue: '{pct}',
    searched: 'searched {iterations} lines in {s} s',
    graphTitle: 'Evaluation over the game',
    graphDesc: 'Each player\'s chance to win after each move, from the computer\'s search; circles mark the biggest drops.',
    graphLoad: 'Show the evaluation graph',
    graphPartial: 'Only part of the game could be analysed in time.',
    mistakes: 'Biggest drops (mistakes)',
    mistakeAt: 'Move {n}, {player}: {move} ({from} → {to})',
    noMistakes: 'No move lost much.',
    autoplay: 'Autoplay',
    stop: 'Stop',
    replayHelp: 'Left and right arrow keys step through the moves, Home and End jump to the start and the end; a click on a move goes to it.',
    moveListLabel: 'Moves played',
    lastMove: 'Last move: {move}',
    shareTitle: 'Watch from another device',
    shareHint: 'Anyone with this link can watch the game live; nobody can move with it.',
    copy: 'Copy',
    copied: 'Copied',
    playOffline: 'Offline: reconnecting…',
    giveUpAsk: 'Give this seat to the computer? The game goes on without you.',
  },
  de: {
    notFound: 'Nicht gefunden',
    problem: 'Diese Seite konnte nicht angezeigt werden',
    notFoundText: 'Unter dieser Adresse gibt es nichts: {what}',
    backHome: 'Zurück zu den Spielen',
    moreOptions: 'Weitere Optionen',
    moreOptionsHint: 'Die Voreinstellungen sind die Lesarten der Quellen, die die Regelseite belegt.',
    you: 'Du',
    youWin: 'Du gewinnst',
    yourTurnSolo: 'Du bist am Zug',
    computer: 'Computer ({level})',
    computerN: 'Computer {n} ({level})',
    lvl_random: 'zufällig', lvl_greedy: 'gierig',
    resign: 'Aufgeben',
    resignAsk: 'Diese Partie aufgeben?',
    resignYes: 'Aufgeben',
    resigned: '{player} hat aufgegeben.',
    newAsk: 'Ein neues Spiel beginnen? Die laufende Partie wird aufgegeben.',
    newYes: 'Neues Spiel beginnen',
    undoAsk: 'Den letzten Zug zurücknehmen?',
    undoYes: 'Zurücknehmen',
    cancel: 'Abbrechen',
    turnBoard: 'Brett drehen',
    hint: 'Tipp',
    analyse: 'Diese Stellung analysieren',
    thinking: 'Der Computer denkt nach …',
    analysisTitle: 'Analyse',
    analysisOf: 'Analyse nach Zug {n}',
    expected: 'Erwartetes Ergebnis',
    bestMoves: 'Beste Züge',
    noMovesHere: 'Hier wählt niemand (ein Wurf oder das Ende der Partie).',
    moveValue: '{pct}',
    searched: '{iterations} Varianten in {s} s durchsucht',
    graphTitle: 'Bewertung über die Partie',
    graphDesc: 'Die Gewinnchance jedes Spielers nach jedem Zug, aus der Suche des Computers; Kreise markieren die größten Einbrüche.',
    graphLoad: 'Bewertungskurve zeigen',
    graphPartial: 'Nur ein Teil der Partie konnte rechtzeitig analysiert werden.',
    mistakes: 'Größte Einbrüche (Fehler)',
    mistakeAt: 'Zug {n}, {player}: {move} ({from} → {to})',
    noMistakes: 'Kein Zug hat viel verloren.',
    autoplay: 'Automatisch abspielen',
    stop: 'Anhalten',
    replayHelp: 'Pfeiltasten links und rechts gehen Zug um Zug, Pos1 und Ende springen an den Anfang und das Ende; ein Klick auf einen Zug geht zu ihm.',
    moveListLabel: 'Gespielte Züge',
    lastMove: 'Letzter Zug: {move}',
    shareTitle: 'Von einem anderen Gerät zusehen',
    shareHint: 'Wer diesen Link hat, kann der Partie live zusehen, aber mit ihm nicht ziehen.',
    copy: 'Kopieren',
    copied: 'Kopiert',
    playOffline: 'Keine Verbindung: verbinde neu…',
    giveUpAsk: 'Diesen Platz dem Computer geben? Die Partie geht ohne dich weiter.',
  },
};

// w looks a word of this module up, else the app's.
export function w(key, vars = {}) {
  const table = words[getLanguage()] || words.en;
  const s = table[key] !== undefined ? table[key] : words.en[key];
  if (s === undefined) return t(key, vars);
  return s.replace(/\{(\w+)\}/g, (_, k) => (vars[k] !== undefined ? String(vars[k]) : ''));
}

export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

// linkify escapes a text and makes its web addresses links.
export function linkify(text) {
  return esc(text).replace(/https?:\/\/[^\s&<>"]*[^\s&<>".,;:)]/g, (u) => `<a href="${u}" rel="noopener">${u}</a>`);
}

// ask shows a modal dialog with a question and two buttons and resolves
// to true for yes. The focus goes back where it was.
export function ask(question, yes) {
  return new Promise((resolve) => {
    const back = document.activeElement;
    const d = document.createElement('dialog');
    d.className = 'ask';
    d.setAttribute('aria-labelledby', 'ask-q');
    d.innerHTML = `<p id="ask-q">${esc(question)}</p><div class="askbuttons"><button type="button" class="primary" data-yes>${esc(yes)}</button><button type="button" data-no>${esc(w('cancel'))}</button></div>`;
    document.body.appendChild(d);
    const done = (v) => {
      d.close();
      d.remove();
      if (back && back.isConnected) back.focus();
      resolve(v);
    };
    d.querySelector('[data-yes]').addEventListener('click', () => done(true));
    d.querySelector('[data-no]').addEventListener('click', () => done(false));
    d.addEventListener('cancel', (e) => { e.preventDefault(); done(false); });
    d.showModal();
    d.querySelector('[data-no]').focus();
  });
}

// guarded wraps an async action so that it runs once at a time: a second
// click (or a third) while it runs is dropped, and so are the second and
// third clicks of a double or triple click even when the first was quick;
// the button that started it is disabled meanwhile.
export function guarded(fn) {
  let running = false;
  return async function (e) {
    if (running || (e && e.detail > 1)) return;
    running = true;
    const btn = e && e.currentTarget instanceof HTMLButtonElement ? e.currentTarget : null;
    if (btn) { btn.disabled = true; btn.setAttribute('aria-busy', 'true'); }
    try { return await fn.apply(this, arguments); } finally {
      running = false;
      if (btn && btn.isConnected) { btn.disabled = false; btn.removeAttribute('aria-busy'); }
    }
  };
}

// MoveList keeps a list scrolled to its newest entry unless the person
// scrolled up to read, and makes it focusable when it overflows.
export class MoveList {
  constructor() { this.follow = true; this.top = 0; }

  // attach is called after each redraw with the new list element.
  attach(el, current) {
    if (!el) return;
    el.setAttribute('aria-label', w('moveListLabel'));
    const overflows = el.scrollHeight > el.clientHeight + 1;
    if (overflows) el.tabIndex = 0; else el.removeAttribute('tabindex');
    if (current) {
      const item = el.querySelector('[aria-current]');
      if (item) {
        const top = item.offsetTop - el.offsetTop;
        if (top < el.scrollTop || top + item.offsetHeight > el.scrollTop + el.clientHeight) el.scrollTop = top - el.clientHeight / 2;
      }
    } else if (this.follow) el.scrollTop = el.scrollHeight;
    else el.scrollTop = this.top;
    el.addEventListener('scroll', () => {
      if (!el.isConnected) return; // a late event of a list already redrawn
      this.top = el.scrollTop;
      this.follow = el.scrollTop + el.clientHeight >= el.scrollHeight - 4;
    }, { passive: true });
  }
}

// pct writes a value in [0, 1] as a whole percentage.
export function pct(v) { return `${Math.round(v * 100)} %`; }
