// Online play: create a room and share its invite links (with QR codes);
// the room itself is shown by room.js, as every room is.

import { getLanguage, t as appT } from './i18n.js';
import { shape, playerName } from './boards.js';
import { esc } from './ux.js';
import { api, showError } from './api.js';

const app = document.getElementById('app');

const strings = {
  en: {
    onlineTitle: 'Play {name} online',
    seatsHint: 'Each person gets an invite link. A computer seat plays by itself.',
    kindPerson: 'A person (invite link)',
    name: 'Name (optional)',
    create: 'Create the room',
    invitesTitle: 'Invite links',
    invitesHint: 'Send each person their own link, or let them scan its code. Whoever holds a link plays that seat; keep it to yourself.',
    spectatorLink: 'Watch (spectators)',
    copy: 'Copy',
    copied: 'Copied',
    open: 'Open',
    qrOf: 'QR code of the link for {who}',
    online: 'Connected',
    offline: 'Offline: reconnecting in {s} s…',
    connecting: 'Connecting…',
    linkGone: 'This invite link no longer holds a seat (the seat changed hands).',
    roomGone: 'This room is closed.',
    you: 'you',
    spectating: 'You are watching.',
    yourSeat: 'You play {player}.',
    yourTurn: 'Your turn.',
    waitOthers: 'Waiting for the others.',
    chosen: 'You chose {move}; waiting for the others to choose.',
    hasChosen: 'has chosen',
    away: 'away',
    here: 'online',
    resign: 'Resign',
    giveUp: 'Give my seat to the computer',
    newLink: 'New invite link for my seat',
    newLinkIs: 'Your seat\'s new link (the old one no longer works):',
    rematch: 'Rematch (seats rotated)',
    toRematch: 'Go to the rematch',
    rename: 'Set name',
    over: 'Game over: {result}.',
    seed: 'Throws can be checked with the room\'s seed: {seed}',
    record: 'Record (JSON)',
    moves: 'Moves',
    noMoves: 'No moves yet.',
    confirmResign: 'Resign this game?',
    confirmGiveUp: 'Give your seat to the computer? Your link will stop working.',
    clock: 'Clock (two players): minutes per game',
    increment: 'seconds added per move',
    noClock: 'empty: no clock',
    offerDraw: 'Offer a draw',
    acceptDraw: 'Accept the draw',
    decline: 'Decline',
    offers: '{player} offers a draw.',
    flagFell: '{player} ran out of time.',
    finished: 'Finished games',
    filter: 'Show',
    anyGame: 'any game',
    gameCol: 'Game',
    player: 'Player name',
    result: 'Result',
    since: 'From',
    until: 'Until',
    exportAll: 'Export these (JSON lines)',
    importFile: 'Import records (JSON lines or JSON)',
    imported: '{n} games imported.',
    noneFinished: 'No finished games match.',
    replayThis: 'Replay',
    step: 'Move {i} of {n}',
    first: 'First', prev: 'Back', next: 'Next', last: 'Last',
  },
  de: {
    onlineTitle: '{name} online spielen',
    seatsHint: 'Jeder Mensch bekommt einen Einladungslink. Ein Computerplatz spielt von selbst.',
    kindPerson: 'Ein Mensch (Einladungslink)',
    name: 'Name (freiwillig)',
    create: 'Raum anlegen',
    invitesTitle: 'Einladungslinks',
    invitesHint: 'Schicke jedem Menschen seinen eigenen Link oder lass ihn den Code scannen. Wer einen Link hat, spielt diesen Platz; behalte ihn für dich.',
    spectatorLink: 'Zuschauen',
    copy: 'Kopieren',
    copied: 'Kopiert',
    open: 'Öffnen',
    qrOf: 'QR-Code des Links für {who}',
    online: 'Verbunden',
    offline: 'Offline: neuer Versuch in {s} s…',
    connecting: 'Verbinde…',
    linkGone: 'Dieser Einladungslink gilt nicht mehr (der Platz hat den Besitzer gewechselt).',
    roomGone: 'Dieser Raum ist geschlossen.',
    you: 'du',
    spectating: 'Du schaust zu.',
    yourSeat: 'Du spielst {player}.',
    yourTurn: 'Du bist am Zug.',
    waitOthers: 'Warte auf die anderen.',
    chosen: 'Du hast {move} gewählt; warte, bis die anderen gewählt haben.',
    hasChosen: 'hat gewählt',
    away: 'abwesend',
    here: 'online',
    resign: 'Aufgeben',
    giveUp: 'Meinen Platz dem Computer geben',
    newLink: 'Neuer Einladungslink für meinen Platz',
    newLinkIs: 'Der neue Link deines Platzes (der alte gilt nicht mehr):',
    rematch: 'Revanche (Plätze getauscht)',
    toRematch: 'Zur Revanche',
    rename: 'Name ändern',
    over: 'Spielende: {result}.',
    seed: 'Die Würfe lassen sich mit dem Startwert des Raums prüfen: {seed}',
    record: 'Partie (JSON)',
    moves: 'Züge',
    noMoves: 'Noch keine Züge.',
    confirmResign: 'Diese Partie aufgeben?',
    confirmGiveUp: 'Deinen Platz dem Computer geben? Dein Link gilt dann nicht mehr.',
    clock: 'Uhr (zwei Spieler): Minuten je Partie',
    increment: 'Sekunden dazu je Zug',
    noClock: 'leer: ohne Uhr',
    offerDraw: 'Remis anbieten',
    acceptDraw: 'Remis annehmen',
    decline: 'Ablehnen',
    offers: '{player} bietet Remis an.',
    flagFell: '{player} hat die Zeit überschritten.',
    finished: 'Beendete Partien',
    filter: 'Zeigen',
    anyGame: 'jedes Spiel',
    gameCol: 'Spiel',
    player: 'Spielername',
    result: 'Ergebnis',
    since: 'Von',
    until: 'Bis',
    exportAll: 'Diese exportieren (JSON-Zeilen)',
    importFile: 'Partien importieren (JSON-Zeilen oder JSON)',
    imported: '{n} Partien importiert.',
    noneFinished: 'Keine beendete Partie passt.',
    replayThis: 'Nachspielen',
    step: 'Zug {i} von {n}',
    first: 'Anfang', prev: 'Zurück', next: 'Weiter', last: 'Ende',
  },
};

function t(key, vars = {}) {
  const s = (strings[getLanguage()] || strings.en)[key] || strings.en[key] || appT(key, vars);
  return s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] !== undefined ? String(vars[k]) : m));
}

const abs = (link) => location.origin + link;
const qr = (link) => '/api/qr?text=' + encodeURIComponent(abs(link));

// ------------------------------------------------------------- create a room

// pageOnline sets up a room of game id; query holds the options chosen on
// the game page ("seeds=2&...").
export async function pageOnline(id, query) {
  const g = await api('GET', '/api/games/' + encodeURIComponent(id));
  const options = Object.fromEntries(new URLSearchParams(query || ''));
  const agents = (await api('GET', `/api/games/${encodeURIComponent(g.id)}/agents?${new URLSearchParams(options)}`)).agents;
  document.title = t('onlineTitle', { name: g.name });
  const n = Math.max(2, Math.min(4, Number(options.players) || 2));
  let o = `<section id="online" data-game="${esc(g.id)}"><h1>${esc(t('onlineTitle', { name: g.name }))}</h1>`;
  o += `<form id="roomform" class="setup" novalidate>`;
  const shown = Object.entries(options).map(([k, v]) => `${k}=${v}`).join(', ');
  if (shown) o += `<p class="hint" id="r-options">${esc(appT('options'))}: ${esc(shown)}</p>`;
  o += `<fieldset id="r-seats"></fieldset><p class="hint">${esc(t('seatsHint'))}</p>`;
  if (n === 2) {
    o += `<div class="field"><label for="r-clock">${esc(t('clock'))}</label> <input type="number" id="r-clock" min="1" max="180" step="1" placeholder="${esc(t('noClock'))}">`;
    o += ` + <input type="number" id="r-inc" min="0" max="60" step="1" value="0" aria-label="${esc(t('increment'))}"> <small>${esc(t('increment'))}</small></div>`;
  }
  o += `<button type="submit" class="primary" id="create">${esc(t('create'))}</button></form></section>`;
  app.innerHTML = o;
  const seatsBox = document.getElementById('r-seats');
  const players = () => n;
  const render = () => {
    let s = `<legend>${esc(appT('whoPlays'))}</legend>`;
    for (let i = 0; i < players(); i++) {
      s += `<div class="field seat"><label for="r-kind-${i}"><svg class="icon" viewBox="0 0 30 30" aria-hidden="true">${shape(i, 15, 15, 9)}</svg>${esc(appT('seat', { n: i }))}</label>`;
      s += `<select id="r-kind-${i}"><option value="person">${esc(t('kindPerson'))}</option>`;
      s += agents.map((a) => `<option value="${esc(a)}">${esc(a)}</option>`).join('') + `</select>`;
      s += ` <input id="r-name-${i}" maxlength="40" placeholder="${esc(t('name'))}" aria-label="${esc(t('name'))}"></div>`;
    }
    seatsBox.innerHTML = s;
  };
  render();
  document.getElementById('roomform').addEventListener('submit', async (e) => {
    e.preventDefault();
    const seats = [];
    for (let i = 0; i < players(); i++) {
      const k = document.getElementById('r-kind-' + i).value;
      const name = document.getElementById('r-name-' + i).value.trim();
      seats.push(k === 'person' ? { kind: 'person', name } : { kind: 'computer', agent: k, name });
    }
    const body = { game: g.id, options, seats };
    const clk = document.getElementById('r-clock');
    if (clk && clk.value) body.clock = { initial: Number(clk.value) * 60, increment: Number(document.getElementById('r-inc').value) || 0 };
    try {
      const r = await api('POST', '/api/rooms', body);
      // The tokens exist only here: keep them for the invites page.
      sessionStorage.setItem('tabula.room.' + r.id, JSON.stringify(r));
      location.hash = '#/invites/' + r.id;
    } catch (err) { showError(err); }
  });
}

// ------------------------------------------------------------- invite links

export async function pageInvites(id) {
  const saved = sessionStorage.getItem('tabula.room.' + id);
  if (!saved) { location.hash = '#/room/' + id; return; }
  const r = JSON.parse(saved);
  document.title = t('invitesTitle');
  let o = `<section id="invites"><h1>${esc(t('invitesTitle'))}</h1><p>${esc(t('invitesHint'))}</p><ul class="invites">`;
  const item = (who, link, cls) => `<li class="invite ${cls}"><h2>${esc(who)}</h2>
    <p><input class="link" readonly value="${esc(abs(link))}" aria-label="${esc(who)}">
    <button class="copy" data-link="${esc(abs(link))}">${esc(t('copy'))}</button>
    <a class="button open" href="${esc(link)}">${esc(t('open'))}</a></p>
    <img class="qr" src="${esc(qr(link))}" width="192" height="192" alt="${esc(t('qrOf', { who }))}" data-link="${esc(abs(link))}"></li>`;
  for (const s of r.seats) {
    if (!s.link) continue;
    const who = playerName(s.seat) + (s.name ? ` (${s.name})` : '');
    o += item(who, s.link, 'seat');
  }
  o += item(t('spectatorLink'), r.spectator, 'spectator');
  o += `</ul></section>`;
  app.innerHTML = o;
  document.querySelectorAll('button.copy').forEach((b) => b.addEventListener('click', async () => {
    try { await navigator.clipboard.writeText(b.dataset.link); } catch (e) {
      const input = b.parentElement.querySelector('input');
      input.select();
      document.execCommand('copy');
    }
    b.textContent = t('copied');
  }));
}

// resultText writes a stored result ("player 1 wins", "draw") in words.
function resultText(r) {
  const m = /^player (\d+) wins$/.exec(r || '');
  if (m) return appT('wins', { player: playerName(Number(m[1])) });
  if (r === 'draw') return appT('draw');
  return r || '';
}

export { t, resultText };
