// Strings of the app in English and German. t(key, vars) looks a string
// up in the current language and fills in {name} placeholders.

const strings = {
  en: {
    title: 'Tabula',
    skip: 'Skip to content',
    rulesAndOptions: 'Rules and options of this game',
    mainNav: 'Main',
    tagline: 'Traditional board games from ethnographic sources',
    language: 'Language',
    home: 'All games',
    catalogue: 'The games',
    people: 'People',
    region: 'Region',
    date: 'Date',
    sources: 'Sources',
    evidence: 'Evidence',
    players: 'Players',
    play: 'Play {name}',
    boardOf: 'Board of {name}',
    loadRecord: 'Load a saved game',
    loadHint: 'Choose a record file (JSON) that Tabula saved; you can replay it or go on playing.',
    rules: 'Rules',
    rulesFull: 'The full rules page, with its sources and readings',
    rulesNone: 'The full rules page for this game is not available yet.',
    options: 'Options',
    optionsNone: 'This game has no options.',
    whoPlays: 'Who plays',
    seat: 'Player {n}',
    person: 'Person at this device',
    start: 'Start the game',
    playOnline: 'Play online with friends',
    finishedGames: 'Finished games',
    rs_title: 'Tabula: Research',
    rs_tagline: 'Research: play every reading of the rules side by side',
    rs_intro: 'Pick a game, the options to vary and a number of games. The server plays every reading on its spare cores (game i of every reading with the same throws and seeds) and writes a report with 95% intervals and plots. The same study runs on the command line with tabula analyze.',
    rs_game: 'Game', rs_design: 'Design',
    rs_each: 'each option alone, from the defaults', rs_grid: 'every combination',
    rs_vary: 'Options to vary', rs_skill: 'Skill test:', rs_none: 'none', rs_vsRandom: 'against random',
    rs_games: 'Games per reading', rs_run: 'Run the study', rs_running: 'Running', rs_cancel: 'Cancel',
    rs_studies: 'Studies', rs_colGame: 'game', rs_colStudy: 'study', rs_colState: 'state', rs_colReport: 'report', rs_open: 'open',
    rs_state_running: 'running', rs_state_done: 'done', rs_state_failed: 'failed', rs_state_cancelled: 'cancelled',
    rs_progress: 'study {id}: {done} of {total} games', rs_leftS: '{n} s left', rs_leftMin: '{n} min left',
    rs_values: '{name} values (comma-separated, {min}..{max})', rs_eg: 'e.g. {v}', rs_default: '(default {v})',
    rs_ranking: 'Which reading makes the best game',
    rs_rankNote: 'Study {id}. 1 is the best; each rank with its 95% interval over {n} bootstrap resamples of the games. The overall rank is the mean of the ranks on balance, decisiveness, skill and drama; length (shorter first) stands apart.',
    rs_reading: 'reading', rs_overall: 'overall',
    rs_m_balance: 'balance', rs_m_decisiveness: 'decisiveness', rs_m_skill: 'skill', rs_m_drama: 'drama', rs_m_length: 'length',
    researchPage: 'Research',
    startHint: 'Computer players move at once; people take turns at this device.',
    agent_random: 'Computer: random moves',
    agent_greedy: 'Computer: greedy',
    agent_level: 'Computer, {kind}: {level}',
    kind_mcts: 'Monte Carlo search', kind_alphabeta: 'alpha-beta search',
    lvl_easy: 'easy', lvl_medium: 'medium', lvl_hard: 'hard', lvl_max: 'strongest',
    yourTurn: '{player}: your turn',
    waiting: 'Please wait…',
    computerThinks: 'The computer is thinking…',
    levelLowered: 'The server is busy: the computer plays this move at level {level}.',
    moves: 'Moves',
    noMoves: 'No moves yet.',
    legalMoves: 'Legal moves',
    undo: 'Take back',
    newGame: 'New game',
    download: 'Download record',
    replay: 'Replay step by step',
    backToGame: 'Back to the game',
    first: 'Start', prev: 'Back', next: 'Forward', last: 'End',
    replayPos: 'Move {i} of {n}',
    result: 'Result',
    wins: '{player} wins',
    draw: 'Draw',
    scores: 'Scores',
    gameOver: 'The game is over.',
    speed: 'Animation',
    speed_slow: 'slow', speed_normal: 'normal', speed_fast: 'fast', speed_off: 'off',
    error: 'Error: {msg}',
    player: 'Player {n}',
    chance: 'Throw',
    chanceOther: 'Chance',
    hole: 'Hole {h}',
    holeLabel: 'Hole {h}, {n} seeds ({owner})',
    holeBurnt: 'Hole {h} of {owner}: burnt',
    playHole: 'play hole {h}',
    store: 'Store of {owner}: {n} seeds',
    hand: 'in hand: {n}',
    captured: 'captured',
    hidden_title: '{player}, choose in secret',
    hidden_lookAway: 'Everyone else, please look away. {player}: press the button when only you can see the screen.',
    hidden_ready: 'I am {player}: show my holes',
    hidden_handover: 'Hand the device to {player}.',
    hidden_chosen: 'Chosen. Nobody sees it until both have chosen.',
    reveal: 'Both have chosen: {move}',
    square: 'Square {sq}',
    noMen: 'empty',
    menOf: '{count} of {player}',
    pickMan: 'pick a man of {player} on {sq}',
    moveTo: 'move the man from {from} by {n} to {to}',
    throwsLeft: 'Throws to use',
    noThrows: 'none',
    shape_0: 'circle', shape_1: 'square', shape_2: 'triangle', shape_3: 'diamond',
    loaded: 'Saved game loaded.',
    badFile: 'This file is not a Tabula record: {msg}',
    turnOf: 'Turn of {who}',
    computer: 'computer',
    you: 'you',
    footer: 'Tabula: the server judges every move; this page only shows what it sends.',
    endReason: 'The game ended by {why}.',
  },
  de: {
    title: 'Tabula',
    skip: 'Zum Inhalt springen',
    rulesAndOptions: 'Regeln und Optionen dieses Spiels',
    mainNav: 'Hauptnavigation',
    tagline: 'Traditionelle Brettspiele aus ethnografischen Quellen',
    language: 'Sprache',
    home: 'Alle Spiele',
    catalogue: 'Die Spiele',
    people: 'Volk',
    region: 'Region',
    date: 'Datum',
    sources: 'Quellen',
    evidence: 'Beleg',
    players: 'Spieler',
    play: '{name} spielen',
    boardOf: 'Brett von {name}',
    loadRecord: 'Gespeichertes Spiel laden',
    loadHint: 'Wähle eine von Tabula gespeicherte Partie (JSON); du kannst sie nachspielen oder weiterspielen.',
    rules: 'Regeln',
    rulesFull: 'Die vollständige Regelseite mit Quellen und Lesarten',
    rulesNone: 'Die vollständige Regelseite dieses Spiels gibt es noch nicht.',
    options: 'Optionen',
    optionsNone: 'Dieses Spiel hat keine Optionen.',
    whoPlays: 'Wer spielt',
    seat: 'Spieler {n}',
    person: 'Mensch an diesem Gerät',
    start: 'Spiel beginnen',
    playOnline: 'Online mit anderen spielen',
    finishedGames: 'Beendete Partien',
    rs_title: 'Tabula: Forschung',
    rs_tagline: 'Forschung: jede Lesart der Regeln nebeneinander spielen',
    rs_intro: 'Wähle ein Spiel, die zu variierenden Optionen und eine Zahl von Partien. Der Server spielt jede Lesart auf seinen freien Kernen (Partie i jeder Lesart mit denselben Würfen und Startwerten) und schreibt einen Bericht mit 95-%-Intervallen und Diagrammen. Dieselbe Studie läuft auf der Kommandozeile mit tabula analyze.',
    rs_game: 'Spiel', rs_design: 'Versuchsplan',
    rs_each: 'jede Option einzeln, von den Voreinstellungen aus', rs_grid: 'jede Kombination',
    rs_vary: 'Zu variierende Optionen', rs_skill: 'Test des Könnens:', rs_none: 'keiner', rs_vsRandom: 'gegen Zufallszüge',
    rs_games: 'Partien je Lesart', rs_run: 'Studie starten', rs_running: 'Läuft', rs_cancel: 'Abbrechen',
    rs_studies: 'Studien', rs_colGame: 'Spiel', rs_colStudy: 'Studie', rs_colState: 'Stand', rs_colReport: 'Bericht', rs_open: 'öffnen',
    rs_state_running: 'läuft', rs_state_done: 'fertig', rs_state_failed: 'fehlgeschlagen', rs_state_cancelled: 'abgebrochen',
    rs_progress: 'Studie {id}: {done} von {total} Partien', rs_leftS: 'noch {n} s', rs_leftMin: 'noch {n} min',
    rs_values: '{name}: Werte (durch Kommas getrennt, {min}..{max})', rs_eg: 'z. B. {v}', rs_default: '(Voreinstellung {v})',
    rs_ranking: 'Welche Lesart das beste Spiel ergibt',
    rs_rankNote: 'Studie {id}. 1 ist die beste; jeder Rang mit seinem 95-%-Intervall über {n} Bootstrap-Stichproben der Partien. Der Gesamtrang ist das Mittel der Ränge in Ausgewogenheit, Entscheidung, Können und Spannung; die Länge (kürzere zuerst) steht für sich.',
    rs_reading: 'Lesart', rs_overall: 'gesamt',
    rs_m_balance: 'Ausgewogenheit', rs_m_decisiveness: 'Entscheidung', rs_m_skill: 'Können', rs_m_drama: 'Spannung', rs_m_length: 'Länge',
    researchPage: 'Forschung',
    startHint: 'Computerspieler ziehen sofort; Menschen wechseln sich an diesem Gerät ab.',
    agent_random: 'Computer: Zufallszüge',
    agent_greedy: 'Computer: gierig',
    agent_level: 'Computer, {kind}: {level}',
    kind_mcts: 'Monte-Carlo-Suche', kind_alphabeta: 'Alpha-Beta-Suche',
    lvl_easy: 'leicht', lvl_medium: 'mittel', lvl_hard: 'schwer', lvl_max: 'am stärksten',
    yourTurn: '{player}: du bist am Zug',
    waiting: 'Bitte warten…',
    computerThinks: 'Der Computer denkt nach…',
    levelLowered: 'Der Server ist ausgelastet: Der Computer spielt diesen Zug auf Stufe {level}.',
    moves: 'Züge',
    noMoves: 'Noch keine Züge.',
    legalMoves: 'Erlaubte Züge',
    undo: 'Zurücknehmen',
    newGame: 'Neues Spiel',
    download: 'Partie herunterladen',
    replay: 'Schritt für Schritt nachspielen',
    backToGame: 'Zurück zum Spiel',
    first: 'Anfang', prev: 'Zurück', next: 'Vor', last: 'Ende',
    replayPos: 'Zug {i} von {n}',
    result: 'Ergebnis',
    wins: '{player} gewinnt',
    draw: 'Unentschieden',
    scores: 'Punkte',
    gameOver: 'Das Spiel ist vorbei.',
    speed: 'Animation',
    speed_slow: 'langsam', speed_normal: 'normal', speed_fast: 'schnell', speed_off: 'aus',
    error: 'Fehler: {msg}',
    player: 'Spieler {n}',
    chance: 'Wurf',
    chanceOther: 'Zufall',
    hole: 'Loch {h}',
    holeLabel: 'Loch {h}, {n} Samen ({owner})',
    holeBurnt: 'Loch {h} von {owner}: verbrannt',
    playHole: 'Loch {h} spielen',
    store: 'Speicher von {owner}: {n} Samen',
    hand: 'in der Hand: {n}',
    captured: 'geschlagen',
    hidden_title: '{player}, wähle geheim',
    hidden_lookAway: 'Alle anderen bitte wegsehen. {player}: drücke den Knopf, wenn nur du den Bildschirm siehst.',
    hidden_ready: 'Ich bin {player}: meine Löcher zeigen',
    hidden_handover: 'Gib das Gerät an {player} weiter.',
    hidden_chosen: 'Gewählt. Niemand sieht es, bis beide gewählt haben.',
    reveal: 'Beide haben gewählt: {move}',
    square: 'Feld {sq}',
    noMen: 'leer',
    menOf: '{count} von {player}',
    pickMan: 'einen Stein von {player} auf {sq} wählen',
    moveTo: 'den Stein von {from} um {n} nach {to} ziehen',
    throwsLeft: 'Zu nutzende Würfe',
    noThrows: 'keine',
    shape_0: 'Kreis', shape_1: 'Quadrat', shape_2: 'Dreieck', shape_3: 'Raute',
    loaded: 'Gespeichertes Spiel geladen.',
    badFile: 'Diese Datei ist keine Tabula-Partie: {msg}',
    turnOf: '{who} am Zug',
    computer: 'Computer',
    you: 'du',
    footer: 'Tabula: der Server prüft jeden Zug; diese Seite zeigt nur, was er sendet.',
    endReason: 'Das Spiel endete durch {why}.',
  },
};

// words are the current game's own words and messages (from its package,
// through the server), by key: {key: {en, de}}.
let words = {};

// setWords makes w the current game's words (none: {}).
export function setWords(w) { words = w || {}; }

let lang = 'en';

// detectLanguage picks the saved language, else the browser's.
export function detectLanguage() {
  const saved = localStorage.getItem('tabula.lang');
  if (saved && strings[saved]) return saved;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const short = String(l).slice(0, 2).toLowerCase();
    if (strings[short]) return short;
  }
  return 'en';
}

export function setLanguage(l) {
  lang = strings[l] ? l : 'en';
  localStorage.setItem('tabula.lang', lang);
  document.documentElement.lang = lang;
}

export function getLanguage() { return lang; }

export function t(key, vars = {}) {
  let s = strings[lang][key];
  if (s === undefined && words[key]) s = words[key][lang] || words[key].en;
  if (s === undefined) s = strings.en[key];
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
  return obj[lang] || obj.en || '';
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
