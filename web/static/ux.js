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
    nameComputer: '{name} (computer)',
    personOnline: 'A person',
    connecting: 'Connecting…',
    offline: 'Offline: reconnecting in {s} s…',
    roomGone: 'This room is closed.',
    turnOf: '{player}\'s turn',
    turnOfComputer: '{player} is thinking…',
    chosenWaiting: '{done} chose; waiting for {left}.',
    yourChoice: 'You chose {move}; nobody sees it until all have chosen.',
    sent: 'Your move {move} is sent…',
    here: 'online',
    away: 'away',
    hasChosen: 'has chosen',
    hasChosenName: '{player} has chosen.',
    replace: 'Give {player}\'s seat to the computer',
    replaceIn: 'away: the computer may take the seat in {s} s',
    giveUp: 'Give my seat to the computer',
    offerDraw: 'Offer a draw',
    acceptDraw: 'Accept the draw',
    decline: 'Decline',
    offers: '{player} offers a draw.',
    declined: '{player} declined the draw.',
    flagFell: '{player} ran out of time.',
    rematch: 'Rematch (seats rotated)',
    toRematch: 'Go to the rematch',
    rematchReady: 'The rematch is ready.',
    name: 'Your name',
    rename: 'Set name',
    newLink: 'New invite link for my seat',
    newLinkIs: 'Your seat\'s new link (the old one no longer works):',
    seed: 'Throws can be checked with the room\'s seed: {seed}',
    seatGone: 'Your seat is no longer yours (it was given to the computer or its link was renewed): you are watching.',
    seatGoneOne: 'One of your seats was given to the computer; you go on with the others.',
    seatToComputer: 'The computer now plays {player}\'s seat.',
    renamed: '{old} is now called {player}.',
    reject_stale: 'The game moved on before your move arrived: choose again.',
    reject_illegal: 'That move is not allowed here.',
    'reject_not-your-turn': 'It is not your turn.',
    reject_spectator: 'Spectators cannot act.',
    'reject_game-over': 'The game is over.',
    'reject_bad-message': 'The server did not understand the message.',
    result_expired: 'The room expired.',
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
    nameComputer: '{name} (Computer)',
    personOnline: 'Ein Mensch',
    connecting: 'Verbinde…',
    offline: 'Offline: neuer Versuch in {s} s…',
    roomGone: 'Dieser Raum ist geschlossen.',
    turnOf: '{player} ist am Zug',
    turnOfComputer: '{player} denkt nach…',
    chosenWaiting: '{done} hat gewählt; warte auf {left}.',
    yourChoice: 'Du hast {move} gewählt; niemand sieht es, bis alle gewählt haben.',
    sent: 'Dein Zug {move} ist unterwegs…',
    here: 'online',
    away: 'abwesend',
    hasChosen: 'hat gewählt',
    hasChosenName: '{player} hat gewählt.',
    replace: 'Den Platz von {player} dem Computer geben',
    replaceIn: 'abwesend: der Computer darf den Platz in {s} s übernehmen',
    giveUp: 'Meinen Platz dem Computer geben',
    offerDraw: 'Remis anbieten',
    acceptDraw: 'Remis annehmen',
    decline: 'Ablehnen',
    offers: '{player} bietet Remis an.',
    declined: '{player} hat das Remis abgelehnt.',
    flagFell: '{player} hat die Zeit überschritten.',
    rematch: 'Revanche (Plätze getauscht)',
    toRematch: 'Zur Revanche',
    rematchReady: 'Die Revanche ist bereit.',
    name: 'Dein Name',
    rename: 'Name ändern',
    newLink: 'Neuer Einladungslink für meinen Platz',
    newLinkIs: 'Der neue Link deines Platzes (der alte gilt nicht mehr):',
    seed: 'Die Würfe lassen sich mit dem Startwert des Raums prüfen: {seed}',
    seatGone: 'Dein Platz gehört dir nicht mehr (er ging an den Computer oder sein Link wurde erneuert): du schaust zu.',
    seatGoneOne: 'Einer deiner Plätze ging an den Computer; du spielst mit den anderen weiter.',
    seatToComputer: 'Der Computer spielt jetzt den Platz von {player}.',
    renamed: '{old} heißt jetzt {player}.',
    reject_stale: 'Die Partie ging weiter, bevor dein Zug ankam: bitte neu wählen.',
    reject_illegal: 'Dieser Zug ist hier nicht erlaubt.',
    'reject_not-your-turn': 'Du bist nicht am Zug.',
    reject_spectator: 'Zuschauer können nicht handeln.',
    'reject_game-over': 'Die Partie ist vorbei.',
    'reject_bad-message': 'Der Server hat die Nachricht nicht verstanden.',
    result_expired: 'Der Raum ist abgelaufen.',
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
    if (this.el === el) return; // a list changed in place keeps its listener
    this.el = el;
    el.addEventListener('scroll', () => {
      if (!el.isConnected) return; // a late event of a list already redrawn
      this.top = el.scrollTop;
      this.follow = el.scrollTop + el.clientHeight >= el.scrollHeight - 4;
    }, { passive: true });
  }
}

// agentLabel names a computer player's spec in words.
export function agentLabel(spec) {
  if (spec === 'random') return t('agent_random');
  if (spec === 'greedy') return t('agent_greedy');
  const [kind, level] = spec.split(':');
  const k = t('kind_' + kind);
  return t('agent_level', { kind: k !== 'kind_' + kind ? k : kind, level: t('lvl_' + level) !== 'lvl_' + level ? t('lvl_' + level) : level });
}

// seatLabel names what plays a seat: a person (here: at this device) or
// a computer player.
export function seatLabel(spec, here = true) { return spec === 'human' ? (here ? t('person') : w('personOnline')) : agentLabel(spec); }

// pct writes a value in [0, 1] as a whole percentage.
export function pct(v) { return `${Math.round(v * 100)} %`; }
