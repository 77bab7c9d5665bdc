// The finished games of online rooms: a list with filters, export and
// import, and a step-by-step replay of each (the states come from the
// server's replay, the board from boards.js).

import { t } from './i18n.js';
import { boardFor } from './boards.js';
import { resultText } from './online.js';
import { esc } from './ux.js';
import { api, app, games, showError } from './api.js';
import { morph } from './morph.js';

let archiveFilter = {};

export async function pageArchive() {
  const list = (await api('GET', '/api/games')).games.filter((g) => g.playable);
  const f = archiveFilter;
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => v)).toString();
  const games = (await api('GET', '/api/archive?' + q)).games;
  if (!location.hash.startsWith('#/games')) return; // the person went elsewhere meanwhile
  document.title = t('finished');
  let o = `<section id="archive" data-q="${esc(q)}"><h1>${esc(t('finished'))}</h1><form id="afilter" class="filters">`;
  o += `<label>${esc(t('gameCol'))} <select id="a-game"><option value="">${esc(t('anyGame'))}</option>`;
  o += list.map((g) => `<option value="${esc(g.id)}" ${f.game === g.id ? 'selected' : ''}>${esc(g.name)}</option>`).join('') + `</select></label>`;
  o += `<label>${esc(t('playerFilter'))} <input id="a-player" value="${esc(f.player || '')}"></label>`;
  // the results a game can have, by their words; the server filters by
  // the stored form ("player 1 wins", "draw")
  const results = ['draw', ...[0, 1, 2, 3].map((p) => `player ${p} wins`)];
  o += `<label>${esc(t('result'))} <select id="a-result"><option value="">${esc(t('anyResult'))}</option>`;
  o += results.map((r) => `<option value="${esc(r)}" ${f.result === r ? 'selected' : ''}>${esc(resultText(r))}</option>`).join('') + `</select></label>`;
  o += `<label>${esc(t('since'))} <input type="date" id="a-since" value="${esc(f.since || '')}"></label>`;
  o += `<label>${esc(t('until'))} <input type="date" id="a-until" value="${esc(f.until || '')}"></label>`;
  o += `<button type="submit" class="primary">${esc(t('filter'))}</button></form>`;
  if (games.length === 0) o += `<p id="anone">${esc(t('noneFinished'))}</p>`;
  else {
    o += `<table id="atable" class="archive"><thead><tr><th>${esc(t('since'))}</th><th>${esc(t('gameCol'))}</th><th>${esc(t('players'))}</th><th>${esc(t('result'))}</th><th><span class="sr-only">${esc(t('replayThis'))}</span></th></tr></thead><tbody>`;
    const cell = (label, text) => `<td data-label="${esc(label)}">${text}</td>`;
    o += games.map((g) => `<tr data-room="${esc(g.room)}">${cell(t('since'), esc(g.finished.slice(0, 16).replace('T', ' ')))}${cell(t('gameCol'), esc(gameName(list, g.game)))}${cell(t('players'), esc(g.players.join(', ')))}${cell(t('result'), esc(resultText(g.result, g.players)))}
      <td><a class="button" href="#/archived/${esc(g.room)}">${esc(t('replayThis'))}</a></td></tr>`).join('');
    o += `</tbody></table>`;
  }
  o += `<p><a class="button" id="aexport" href="/api/archive?format=jsonl&${esc(q)}" download>${esc(t('exportAll'))}</a></p>`;
  o += `<p><label>${esc(t('importFile'))} <input type="file" id="aimport" accept=".jsonl,.json,application/json"></label></p></section>`;
  app.innerHTML = o;
  document.getElementById('afilter').addEventListener('submit', (e) => {
    e.preventDefault();
    archiveFilter = {};
    for (const k of ['game', 'player', 'result', 'since', 'until']) archiveFilter[k] = document.getElementById('a-' + k).value.trim();
    pageArchive().catch(showError);
  });
  document.getElementById('aimport').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    try {
      const records = parseRecords((await file.text()).trim());
      const r = await api('POST', '/api/archive', { records });
      await pageArchive();
      const p = document.createElement('p');
      p.id = 'aimported';
      p.textContent = t('imported', { n: r.imported });
      document.getElementById('archive').appendChild(p);
    } catch (err) { showError(err); }
  });
}

// parseRecords reads a file of records: a JSON array, or one JSON object
// a line; a line that is no JSON is named.
function parseRecords(text) {
  if (text.startsWith('[')) {
    try { return JSON.parse(text); } catch (e) { throw new Error(t('badFileLine', { n: 1, msg: e.message })); }
  }
  return text.split('\n').map((l, i) => [l, i + 1]).filter(([l]) => l.trim()).map(([l, n]) => {
    try { return JSON.parse(l); } catch (e) { throw new Error(t('badFileLine', { n, msg: e.message })); }
  });
}

// gameName is the name of game id in the catalogue.
function gameName(list, id) { return (list.find((x) => x.id === id) || { name: id }).name; }

let RP = null; // the replay of a finished game: {room, game, states, turns, i}

export async function pageArchived(room) {
  if (!RP || RP.room !== room) {
    const rec = await api('GET', '/api/archive/' + encodeURIComponent(room));
    const st = await api('POST', '/api/replay', { game: rec.game, options: rec.options, moves: rec.moves, players: rec.players, result: rec.result });
    RP = { room, rec, game: gameName(await games(), st.game), board: st.board, states: st.states, turns: st.turns, i: 0 };
  }
  if (!location.hash.startsWith('#/archived/')) return;
  renderArchived();
}

function renderArchived() {
  const board = boardFor(RP.board);
  const s = RP.states[RP.i];
  const n = RP.turns.length;
  let o = `<section id="archived" data-room="${esc(RP.room)}" data-step="${RP.i}"><h1>${esc(RP.game)}: ${esc((RP.rec.players || []).join(' – '))}</h1>`;
  o += `<p id="astep" aria-live="polite">${esc(t('step', { i: RP.i, n }))}${RP.i > 0 ? ' · ' + esc(RP.turns[RP.i - 1].move) : ''}</p>`;
  o += `<div class="boardbox">${board.svg(board.view(s), { label: t('boardOf', { name: RP.game }) })}</div>`;
  o += `<div class="controls"><button id="a-first">${esc(t('first'))}</button><button id="a-prev">${esc(t('prev'))}</button>`;
  o += `<button id="a-next" class="primary">${esc(t('next'))}</button><button id="a-last">${esc(t('last'))}</button>`;
  o += `<input type="range" id="a-range" min="0" max="${n}" value="${RP.i}" aria-label="${esc(t('step', { i: RP.i, n }))}"></div>`;
  if (RP.i === n && RP.rec.result) o += `<p class="result">${esc(resultText(RP.rec.result, RP.rec.players))}</p>`;
  if (RP.rec.secret && RP.turns.some((x) => x.actors[0] === -1)) o += `<p class="note" id="seed">${esc(t('seed', { seed: RP.rec.secret }))}</p>`;
  o += `</section>`;
  // changed in place: the button pressed keeps the focus
  const el = document.getElementById('archived');
  if (el && el.dataset.room === RP.room) { morph(el, o); return; }
  app.innerHTML = o;
  const go = (i) => { RP.i = Math.max(0, Math.min(n, i)); renderArchived(); };
  const on = { 'a-first': () => go(0), 'a-prev': () => go(RP.i - 1), 'a-next': () => go(RP.i + 1), 'a-last': () => go(n) };
  const sec = document.getElementById('archived');
  sec.addEventListener('click', (e) => { const b = e.target.closest('button'); if (b && on[b.id]) on[b.id](); });
  sec.addEventListener('input', (e) => { if (e.target.id === 'a-range') go(Number(e.target.value)); });
}
