// Online play: create a room, share its invite links (with QR codes), and
// play in a room over its WebSocket. The server judges every move and
// decides what each viewer sees; this page shows what it sends, sends the
// person's moves with the version they were chosen at, and reconnects by
// itself with backoff when the connection drops.

import { getLanguage, t as appT } from './i18n.js';
import { boardFor, shape, playerName, boardUI } from './boards.js';
import { esc } from './ux.js';
import { api, showError } from './app.js';

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
    levelLowered: 'The server is busy: {player} plays this move at level {level}.',
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
    levelLowered: 'Der Server ist ausgelastet: {player} spielt diesen Zug auf Stufe {level}.',
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

// ------------------------------------------------------------- the room

let R = null; // the room page: {id, token, ws, view, state, conn, retry, timer}

export function leaveRoom() {
  if (!R) return;
  R.closing = true;
  clearTimeout(R.timer);
  if (R.ws) R.ws.close(1000);
  R = null;
}

export async function pageRoom(id, token) {
  if (R && R.id === id && R.token === (token || '')) { renderRoom(); return; }
  leaveRoom();
  R = { id, token: token || '', ws: null, view: null, state: null, version: -1, conn: 'connecting', retry: 0, selected: null, note: '', names: {} };
  renderRoom();
  connect();
  try {
    for (const g of (await api('GET', '/api/games')).games) R.names[g.id] = g.name;
    renderRoom();
  } catch (e) { /* the game's id will do */ }
}

function connect() {
  const me = R;
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/rooms/' + encodeURIComponent(me.id) + '/ws');
  me.ws = ws;
  ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token: me.token, last: me.version }));
  ws.onmessage = (e) => { if (R === me) handle(JSON.parse(e.data)); };
  ws.onclose = (e) => {
    if (R !== me || me.closing) return;
    me.ws = null;
    if (e.code === 4001 && me.renewed) { me.renewed = false; connect(); return; } // our own new link
    if (e.code === 4001) { me.conn = 'gone'; me.note = t('linkGone'); renderRoom(); return; }
    if (e.code === 4004 && me.view && me.view.status !== 'open') { me.conn = 'gone'; renderRoom(); return; }
    // Back off: 0.5 s, 1 s, 2 s ... up to 10 s, with a little jitter.
    const delay = Math.min(10000, 500 * 2 ** me.retry) * (0.8 + 0.4 * Math.random());
    me.retry++;
    me.drops = (me.drops || 0) + 1;
    me.conn = 'offline';
    me.retryAt = Date.now() + delay;
    renderRoom();
    me.timer = setTimeout(() => { if (R === me) connect(); }, delay);
  };
}

function handle(m) {
  switch (m.type) {
    case 'welcome':
      R.view = m.view;
      R.state = m.view.state;
      R.version = m.view.version;
      R.conn = 'online';
      R.retry = 0;
      R.clockAt = Date.now();
      break;
    case 'event': {
      const e = m.event;
      if (e.version !== R.version + 1) { R.ws.close(1000); return; } // a gap: reconnect and catch up
      R.version = e.version;
      R.view.version = e.version;
      R.state = m.state;
      R.view.state = m.state;
      applyEvent(e);
      if (R.view.clocks) {
        // As the server: a clock runs once its player has moved.
        const moved = (a) => R.view.turns.some((tn) => tn.actors.includes(a));
        R.view.running = R.view.status === 'open' ? m.state.toMove.filter((a) => a >= 0 && !R.view.seats[a].committed && moved(a)) : [];
      }
      break;
    }
    case 'presence':
      m.online.forEach((on, i) => { if (R.view.seats[i]) R.view.seats[i].online = on; });
      break;
    case 'reject':
      R.note = m.error;
      if (m.view) { R.view = m.view; R.state = m.view.state; R.version = m.view.version; R.clockAt = Date.now(); }
      break;
    case 'note': // the computer plays this move at a lower level
      if (m.code !== 'level-lowered') return;
      R.note = t('levelLowered', { player: playerName(m.seat), level: m.played });
      break;
    case 'token':
      R.token = m.token;
      R.renewed = true;
      R.note = '';
      R.newLink = '/#/room/' + R.id + '/' + m.token;
      history.replaceState(null, '', R.newLink);
      break;
    default:
      return;
  }
  renderRoom();
}

function applyEvent(e) {
  const v = R.view;
  if (e.clocks) { v.clocks = e.clocks; R.clockAt = Date.now(); }
  switch (e.kind) {
    case 'draw-offer':
      v.offer = e.seat;
      break;
    case 'draw-declined':
      v.offer = -1;
      break;
    case 'flag':
      R.note = t('flagFell', { player: playerName(e.seat) });
      break;
    case 'turn':
      v.offer = -1;
      v.turns.push({ version: e.version, actors: e.actors, move: e.move });
      v.seats.forEach((s) => { s.committed = false; });
      v.choice = '';
      R.selected = null;
      R.note = '';
      break;
    case 'commit':
      v.seats[e.seat].committed = true;
      if (e.choice) v.choice = e.choice;
      break;
    case 'seat':
      Object.assign(v.seats[e.seat], { kind: e.seatKind, agent: e.agent || '', name: e.name || '' });
      break;
    case 'end':
      v.running = [];
      v.status = 'finished';
      v.result = e.result;
      v.secret = e.secret;
      break;
    case 'rematch':
      v.next = e.room;
      break;
  }
}

function mySeat() { return R.view ? R.view.seat : -1; }

// chooser is the viewer's seat if it must choose now, else -1.
function chooser() {
  const s = R.state;
  const me = mySeat();
  if (!s || me < 0 || R.view.status !== 'open' || R.conn !== 'online') return -1;
  if (!s.toMove.includes(me) || R.view.seats[me].committed) return -1;
  return me;
}

function send(msg) {
  if (R.ws && R.ws.readyState === 1) R.ws.send(JSON.stringify(msg));
}

function choose(mv) {
  if (chooser() < 0) return;
  send({ type: 'move', version: R.version, move: mv });
}

function resultText(r) {
  const m = /^player (\d+) wins$/.exec(r || '');
  if (m) return appT('wins', { player: playerName(Number(m[1])) });
  if (r === 'draw') return appT('draw');
  return r || '';
}

function connLine() {
  switch (R.conn) {
    case 'online': return t('online');
    case 'offline': return t('offline', { s: Math.max(0, Math.round((R.retryAt - Date.now()) / 1000)) });
    case 'gone': return R.note || t('roomGone');
    default: return t('connecting');
  }
}

function renderRoom() {
  if (!R) return;
  const v = R.view;
  let o = `<section id="room" data-conn="${R.conn}" data-drops="${R.drops || 0}" data-version="${R.version}" data-status="${v ? esc(v.status) : ''}" data-seat="${v ? v.seat : ''}">`;
  o += `<p id="conn" class="conn ${R.conn}" role="status">${esc(connLine())}</p>`;
  if (!v) { app.innerHTML = o + `</section>`; return; }
  const board = boardFor(v.board);
  const s = R.state;
  const me = v.seat;
  const c = chooser();
  const name = R.names[v.game] || v.game;
  document.title = `${name} – ${appT('title')}`;
  o += `<h1>${esc(name)}</h1><div class="playgrid"><div class="boardcol">`;
  let line = me < 0 ? t('spectating') : t('yourSeat', { player: playerName(me) });
  if (v.status !== 'open') line = t('over', { result: resultText(v.result) });
  else if (c >= 0) line += ' ' + t('yourTurn');
  else if (me >= 0 && v.choice) line += ' ' + t('chosen', { move: v.choice });
  else if (me >= 0) line += ' ' + t('waitOthers');
  o += `<p id="turn" class="turn" aria-live="polite">${esc(line)}</p>`;
  if (R.note) o += `<p id="note" class="note" role="alert">${esc(R.note)}</p>`;
  o += `<div id="board" class="boardbox">${board.svg(board.view(s), boardUI(board, s, c, R.selected, appT('boardOf', { name: v.game })))}</div>`;
  if (board.tray) o += `<div class="traybox"><p id="throws" class="throws">${esc((board.view(s).throws || []).join(' '))}</p></div>`;
  const legal = c >= 0 ? (s.legal[String(c)] || []) : [];
  o += `<div id="legal" class="legal" ${legal.length ? '' : 'hidden'}><h2>${esc(appT('legalMoves'))}</h2><div class="movebuttons" role="group">`;
  o += legal.map((mv) => `<button class="move" data-move="${esc(mv)}">${esc(mv)}</button>`).join('') + `</div></div>`;
  if (R.newLink) o += `<p id="newlink">${esc(t('newLinkIs'))} <input readonly class="link" value="${esc(abs(R.newLink))}"></p>`;
  o += `</div><aside class="side"><ul class="seats">`;
  v.seats.forEach((seat, i) => {
    const who = seat.kind === 'computer' ? seat.agent : (seat.name || appT('person'));
    const active = s.toMove.includes(i) ? ' active' : '';
    o += `<li class="seatline${active}" data-seat="${i}" data-online="${seat.online}" data-committed="${seat.committed}"><svg class="icon" viewBox="0 0 30 30" aria-hidden="true">${shape(i, 15, 15, 9)}</svg> `;
    o += `${esc(playerName(i))} – ${esc(who)}${i === me ? ' (' + esc(t('you')) + ')' : ''}: <strong>${s.scores ? s.scores[i] : ''}</strong>`;
    o += ` <small>${esc(seat.online ? t('here') : t('away'))}${seat.committed ? ' · ' + esc(t('hasChosen')) : ''}</small>`;
    if (me >= 0 && i !== me && seat.kind === 'person' && !seat.online && v.status === 'open') {
      o += ` <button class="replace" data-seat="${i}">${esc(t('replace'))}</button>`;
    }
    if (v.clocks) o += ` <span class="clock${(v.running || []).includes(i) ? ' running' : ''}" data-clock="${i}">${esc(clockText(i))}</span>`;
    o += `</li>`;
  });
  o += `</ul><div class="controls" role="group">`;
  if (v.offer >= 0 && v.status === 'open') o += `<p id="offer" class="note">${esc(t('offers', { player: playerName(v.offer) }))}</p>`;
  if (me >= 0 && v.status === 'open') {
    if (v.seats.length === 2) o += `<button id="resign">${esc(t('resign'))}</button>`;
    if (v.seats.length === 2 && v.offer === 1 - me) o += `<button id="drawbtn" class="primary">${esc(t('acceptDraw'))}</button><button id="declinebtn">${esc(t('decline'))}</button>`;
    else if (v.seats.length === 2 && v.offer !== me) o += `<button id="drawbtn">${esc(t('offerDraw'))}</button>`;
    o += `<button id="giveup">${esc(t('giveUp'))}</button><button id="newlinkbtn">${esc(t('newLink'))}</button>`;
    o += `<p><input id="myname" maxlength="40" value="${esc(v.seats[me].name)}" aria-label="${esc(t('name'))}"> <button id="rename">${esc(t('rename'))}</button></p>`;
  }
  if (v.status !== 'open' && me >= 0 && !v.next) o += `<button id="rematch" class="primary">${esc(t('rematch'))}</button>`;
  if (v.next) o += `<a id="torematch" class="button primary" href="#/room/${esc(v.next)}${R.token ? '/' + esc(R.token) : ''}">${esc(t('toRematch'))}</a>`;
  o += `<a class="button" id="recordlink" href="/api/rooms/${esc(v.room)}/record" target="_blank">${esc(t('record'))}</a></div>`;
  if (v.secret) o += `<p id="seed" class="note">${esc(t('seed', { seed: v.secret }))}</p>`;
  o += `<h2>${esc(t('moves'))}</h2>`;
  o += v.turns.length ? `<ol id="movelist" class="movelist" tabindex="0" aria-label="${esc(t('moves'))}">` + v.turns.map((tn) => `<li>${esc(tn.actors.map((a) => (a < 0 ? appT('chance') : playerName(a))).join(' + '))}: ${esc(tn.move)}</li>`).join('') + `</ol>`
    : `<p id="movelist">${esc(t('noMoves'))}</p>`;
  o += `</aside></div></section>`;
  app.innerHTML = o;
  wireRoom();
}

function wireRoom() {
  const box = document.getElementById('board');
  if (box) {
    box.addEventListener('click', (e) => {
      const el = e.target.closest('[data-move],[data-pick]');
      if (!el) return;
      if (el.dataset.move !== undefined) choose(el.dataset.move);
      else { R.selected = R.selected === el.dataset.pick ? null : el.dataset.pick; renderRoom(); }
    });
  }
  document.querySelectorAll('#legal button.move').forEach((b) => b.addEventListener('click', () => choose(b.dataset.move)));
  const on = (id, fn) => { const el = document.getElementById(id); if (el) el.addEventListener('click', fn); };
  on('resign', () => { if (confirm(t('confirmResign'))) send({ type: 'resign' }); });
  on('giveup', () => { if (confirm(t('confirmGiveUp'))) send({ type: 'give-up' }); });
  on('newlinkbtn', () => send({ type: 'new-link' }));
  on('rematch', () => send({ type: 'rematch' }));
  on('drawbtn', () => send({ type: 'draw' }));
  document.querySelectorAll('button.replace').forEach((b) => b.addEventListener('click', () => send({ type: 'replace', seat: Number(b.dataset.seat) })));
  on('declinebtn', () => send({ type: 'decline' }));
  on('rename', () => send({ type: 'name', name: document.getElementById('myname').value }));
}

// clockText is seat i's time left as m:ss, counted down for a running
// clock since the server's last word.
function clockText(i) {
  const v = R.view;
  let ms = v.clocks[i];
  if ((v.running || []).includes(i)) ms -= Date.now() - R.clockAt;
  ms = Math.max(0, ms);
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// Once a second: count down to the next try while offline, and the
// running clocks.
setInterval(() => {
  if (!R) return;
  if (R.conn === 'offline') { const el = document.getElementById('conn'); if (el) el.textContent = connLine(); }
  if (R.view && R.view.clocks) document.querySelectorAll('[data-clock]').forEach((el) => { el.textContent = clockText(Number(el.dataset.clock)); });
}, 500);

export { t, esc, api, resultText, showError };
