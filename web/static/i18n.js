// Strings of the app in English and German. t(key, vars) looks a string
// up in the current language and fills in {name} placeholders.

const strings = {
  en: {
    title: 'Tabula',
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
    notYet: 'Not playable yet: its rules are still being built.',
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
    startHint: 'Computer players move at once; people take turns at this device.',
    agent_random: 'Computer: random moves',
    agent_greedy: 'Computer: greedy',
    agent_level: 'Computer: {kind} {level}',
    lvl_easy: 'easy', lvl_medium: 'medium', lvl_hard: 'hard', lvl_max: 'strongest',
    yourTurn: '{player}: your turn',
    waiting: 'Please wait…',
    computerThinks: 'The computer is thinking…',
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
    hole: 'Hole {h}',
    holeLabel: 'Hole {h} of {owner}: {n} seeds',
    holeBurnt: 'Hole {h} of {owner}: burnt',
    playHole: 'play hole {h}',
    store: 'Store of {owner}: {n} seeds',
    hand: 'in hand: {n}',
    captured: 'captured',
    phase_opening: 'Opening: each hole is played once; no captures yet.',
    phase_main: '',
    round: 'Round {n}',
    hidden_title: '{player}, choose in secret',
    hidden_lookAway: 'Everyone else, please look away. {player}: press the button when only you can see the screen.',
    hidden_ready: 'I am {player}: show my holes',
    hidden_handover: 'Hand the device to {player}.',
    hidden_chosen: 'Chosen. Nobody sees it until both have chosen.',
    reveal: 'Both have chosen: {move}',
    square: 'Square {sq}',
    squareLabel: 'Square {sq}{name}: {men}',
    noMen: 'empty',
    menOf: '{count} of {player}',
    pickMan: 'pick a man of {player} on {sq}',
    moveTo: 'move the man from {from} by {n} to {to}',
    throwsLeft: 'Throws to use',
    noThrows: 'none',
    thrown: 'Thrown: {n} ({name})',
    phase_throw: 'The cowries are thrown.',
    phase_move: 'Pick a man, then a highlighted square (or a move below).',
    cowries: 'Four cowries: {up} mouths up',
    ayn: "'ayn", dafandaf: 'dafandaf', habarti: 'habarti',
    onHabarti: 'on habarti',
    shape_0: 'circle', shape_1: 'square', shape_2: 'triangle', shape_3: 'diamond',
    loaded: 'Saved game loaded.',
    badFile: 'This file is not a Tabula record: {msg}',
    turnOf: 'Turn of {who}',
    computer: 'computer',
    you: 'you',
    footer: 'Tabula: the server judges every move; this page only shows what it sends.',
  },
  de: {
    title: 'Tabula',
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
    notYet: 'Noch nicht spielbar: die Regeln werden noch gebaut.',
    boardOf: 'Brett von {name}',
    loadRecord: 'Gespeichertes Spiel laden',
    loadHint: 'Wähle eine von Tabula gespeicherte Partie (JSON); du kannst sie nachspielen oder weiterspielen.',
    rules: 'Regeln',
    rulesFull: 'Die vollständige Regelseite mit Quellen und Lesarten (Englisch)',
    rulesNone: 'Die vollständige Regelseite dieses Spiels gibt es noch nicht.',
    options: 'Optionen',
    optionsNone: 'Dieses Spiel hat keine Optionen.',
    whoPlays: 'Wer spielt',
    seat: 'Spieler {n}',
    person: 'Mensch an diesem Gerät',
    start: 'Spiel beginnen',
    startHint: 'Computerspieler ziehen sofort; Menschen wechseln sich an diesem Gerät ab.',
    agent_random: 'Computer: Zufallszüge',
    agent_greedy: 'Computer: gierig',
    agent_level: 'Computer: {kind} {level}',
    lvl_easy: 'leicht', lvl_medium: 'mittel', lvl_hard: 'schwer', lvl_max: 'am stärksten',
    yourTurn: '{player}: du bist am Zug',
    waiting: 'Bitte warten…',
    computerThinks: 'Der Computer denkt nach…',
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
    hole: 'Loch {h}',
    holeLabel: 'Loch {h} von {owner}: {n} Samen',
    holeBurnt: 'Loch {h} von {owner}: verbrannt',
    playHole: 'Loch {h} spielen',
    store: 'Speicher von {owner}: {n} Samen',
    hand: 'in der Hand: {n}',
    captured: 'geschlagen',
    phase_opening: 'Eröffnung: jedes Loch wird einmal gespielt; noch keine Fänge.',
    phase_main: '',
    round: 'Runde {n}',
    hidden_title: '{player}, wähle geheim',
    hidden_lookAway: 'Alle anderen bitte wegsehen. {player}: drücke den Knopf, wenn nur du den Bildschirm siehst.',
    hidden_ready: 'Ich bin {player}: meine Löcher zeigen',
    hidden_handover: 'Gib das Gerät an {player} weiter.',
    hidden_chosen: 'Gewählt. Niemand sieht es, bis beide gewählt haben.',
    reveal: 'Beide haben gewählt: {move}',
    square: 'Feld {sq}',
    squareLabel: 'Feld {sq}{name}: {men}',
    noMen: 'leer',
    menOf: '{count} von {player}',
    pickMan: 'einen Stein von {player} auf {sq} wählen',
    moveTo: 'den Stein von {from} um {n} nach {to} ziehen',
    throwsLeft: 'Zu nutzende Würfe',
    noThrows: 'keine',
    thrown: 'Geworfen: {n} ({name})',
    phase_throw: 'Die Kaurimuscheln werden geworfen.',
    phase_move: 'Wähle einen Stein, dann ein markiertes Feld (oder einen Zug unten).',
    cowries: 'Vier Kaurimuscheln: {up} Öffnungen oben',
    ayn: "'ayn", dafandaf: 'dafandaf', habarti: 'habarti',
    onHabarti: 'auf habarti',
    shape_0: 'Kreis', shape_1: 'Quadrat', shape_2: 'Dreieck', shape_3: 'Raute',
    loaded: 'Gespeichertes Spiel geladen.',
    badFile: 'Diese Datei ist keine Tabula-Partie: {msg}',
    turnOf: '{who} am Zug',
    computer: 'Computer',
    you: 'du',
    footer: 'Tabula: der Server prüft jeden Zug; diese Seite zeigt nur, was er sendet.',
  },
};

// Plain-language summaries of the rules, written from docs/rules/ and the
// sources.
export const summaries = {
  'adji-boto': {
    en: [
      'Two players, two rows of five holes, ten seeds in each hole; each player owns the row nearer to her and a store (boto) at its end.',
      'On your turn take all seeds but one from one of your holes (it must hold at least two) and sow them one by one counter-clockwise into the following holes; the stores are passed by.',
      'Opening: each hole of the board is played once before any is played again; no captures in these ten moves.',
      'Capture: after the opening, if the hole right after the one that got the last seed holds 1, 3 or 5 seeds, you take them, and so on along the holes that follow while they hold 1, 3 or 5.',
      'A player who cannot move passes. When neither can move, each sweeps the seeds of her row into her store; more seeds win.',
    ],
    de: [
      'Zwei Spieler, zwei Reihen zu fünf Löchern, zehn Samen in jedem Loch; jeder besitzt die Reihe vor sich und einen Speicher (boto) an ihrem Ende.',
      'Im Zug nimmt man alle Samen bis auf einen aus einem eigenen Loch (mit mindestens zwei Samen) und sät sie einzeln gegen den Uhrzeigersinn in die folgenden Löcher; die Speicher werden übergangen.',
      'Eröffnung: jedes Loch des Bretts wird einmal gespielt, bevor eines ein zweites Mal gespielt wird; in diesen zehn Zügen gibt es keine Fänge.',
      'Fangen: nach der Eröffnung nimmt man die Samen des Lochs direkt nach dem mit dem letzten Samen, wenn es 1, 3 oder 5 enthält, und so weiter in den folgenden Löchern, solange sie 1, 3 oder 5 enthalten.',
      'Wer nicht ziehen kann, setzt aus. Kann keiner ziehen, kehrt jeder die Samen seiner Reihe in seinen Speicher; mehr Samen gewinnen.',
    ],
  },
  tamman: {
    en: [
      'Two to four players, four men each, on a 5x5 board whose middle row and column are wider. Each player starts on her \'ayn (c1, e3, c5, a3); the centre square is habarti, "the mother".',
      'Four cowries are thrown: the number of mouths up is the throw, none up counts 8. A 4 earns one more throw, an 8 two more, but if both of those are 8 as well the turn scores nothing. Only the first throw earns extra throws.',
      'Use each throw for one man, in the order you like: the man goes anti-clockwise round the outer ring, then turns left and goes clockwise round the inner ring to the dafandaf in front of its \'ayn, then to habarti.',
      'A man that passes over men of another colour sends them back to their \'ayn (not when they stand on an \'ayn), and you throw once more for each man sent back.',
      'Men may share squares. The first to bring all four men to habarti wins.',
    ],
    de: [
      'Zwei bis vier Spieler mit je vier Steinen auf einem 5x5-Brett, dessen mittlere Reihe und Spalte breiter sind. Jeder beginnt auf seinem \'ayn (c1, e3, c5, a3); das Mittelfeld heißt habarti, „die Mutter".',
      'Vier Kaurimuscheln werden geworfen: die Zahl der Öffnungen oben ist der Wurf, keine oben zählt 8. Eine 4 gibt einen weiteren Wurf, eine 8 zwei weitere; sind diese beiden auch 8, zählt der Zug nichts. Nur der erste Wurf gibt Zusatzwürfe.',
      'Jeder Wurf wird für einen Stein genutzt, in beliebiger Reihenfolge: der Stein läuft gegen den Uhrzeigersinn um den äußeren Ring, biegt dann links ab, läuft im Uhrzeigersinn um den inneren Ring bis zum dafandaf vor seinem \'ayn und dann nach habarti.',
      'Ein Stein, der über Steine anderer Farbe zieht, schickt sie auf ihr \'ayn zurück (nicht wenn sie auf einem \'ayn stehen), und man wirft für jeden zurückgeschickten Stein noch einmal.',
      'Steine dürfen Felder teilen. Wer zuerst alle vier Steine nach habarti bringt, gewinnt.',
    ],
  },
  agsinnoninka: {
    en: [
      'Two players, two rows of five holes, five seeds in each hole (an option), a store at each end. Both players move at the same time.',
      'Each chooses one of her holes in secret; both lift their seeds at once and sow them together, one by one, counter-clockwise.',
      'When the last seed falls, the contents of the next hole are lifted and sown in another lap (pussa kanawa); if the next hole is empty, the move ends.',
      'A move that ends in one of your own holes captures the seeds of the opposite hole into your store.',
      'A round ends when a player\'s row is empty; each takes the seeds left in her row. In the next round each fills her holes from her store; holes that cannot be filled are burnt. Whoever cannot fill a single hole loses the match.',
    ],
    de: [
      'Zwei Spieler, zwei Reihen zu fünf Löchern, fünf Samen in jedem Loch (eine Option), ein Speicher an jedem Ende. Beide ziehen gleichzeitig.',
      'Jeder wählt geheim eines seiner Löcher; beide nehmen ihre Samen zugleich auf und säen sie gemeinsam einzeln gegen den Uhrzeigersinn.',
      'Fällt der letzte Samen, wird der Inhalt des nächsten Lochs aufgenommen und in einer weiteren Runde gesät (Pussa Kanawa); ist das nächste Loch leer, endet der Zug.',
      'Endet ein Zug in einem eigenen Loch, fängt man die Samen des gegenüberliegenden Lochs in den eigenen Speicher.',
      'Eine Runde endet, wenn die Reihe eines Spielers leer ist; jeder nimmt die Samen seiner Reihe. In der nächsten Runde füllt jeder seine Löcher aus seinem Speicher; Löcher, die nicht gefüllt werden können, sind verbrannt. Wer kein einziges Loch füllen kann, verliert das Match.',
    ],
  },
};

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
  if (s === undefined) s = strings.en[key];
  if (s === undefined) return key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] !== undefined ? String(vars[k]) : m));
}

// pick chooses the current language's text of a {en, de} object.
export function pick(obj) {
  if (!obj) return '';
  return obj[lang] || obj.en || '';
}
