// The finished games: a list with filters, export and import; each is
// replayed in the room view (room.js, pageArchived), as every room is.
// The list holds the server's games and those played in this browser's
// engine (engine.js), which can be copied to the server's archive.

import { t, pick } from './i18n.js';
import { esc } from './ux.js';
import { api, app, showError, clearError, offline, siteMode } from './api.js';

let archiveFilter = {};

export async function pageArchive() {
  const list = (await api('GET', '/api/games')).games.filter((g) => g.playable);
  const f = archiveFilter;
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => v)).toString();
  // the engine in the browser answers with the same shape as the server
  const none = { games: [], results: [] };
  const [here, there] = await Promise.all([
    api('GET', '/api/archive?' + q, undefined, 'engine').catch(() => none),
    siteMode() ? none : api('GET', '/api/archive?' + q).catch(() => none),
  ]);
  const games = [...here.games, ...there.games].sort((a, b) => (a.finished < b.finished ? 1 : a.finished > b.finished ? -1 : 0));
  const results = there.results.length ? there.results : here.results;
  const toServer = !siteMode() && !offline;
  if (!location.hash.startsWith('#/games')) return; // the person went elsewhere meanwhile
  document.title = t('finished');
  let o = `<section id="archive" data-q="${esc(q)}"><h1>${esc(t('finished'))}</h1><form id="afilter" class="filters">`;
  o += `<label>${esc(t('gameCol'))} <select id="a-game"><option value="">${esc(t('anyGame'))}</option>`;
  o += list.map((g) => `<option value="${esc(g.id)}" ${f.game === g.id ? 'selected' : ''}>${esc(g.name)}</option>`).join('') + `</select></label>`;
  o += `<label>${esc(t('playerFilter'))} <input id="a-player" value="${esc(f.player || '')}"></label>`;
  // the results to filter by: codes with their words, from the server
  o += `<label>${esc(t('result'))} <select id="a-result"><option value="">${esc(t('anyResult'))}</option>`;
  o += results.map((r) => `<option value="${esc(r.code)}" ${f.result === r.code ? 'selected' : ''}>${esc(pick(r.text))}</option>`).join('') + `</select></label>`;
  o += `<label>${esc(t('since'))} <input type="date" id="a-since" value="${esc(f.since || '')}"></label>`;
  o += `<label>${esc(t('until'))} <input type="date" id="a-until" value="${esc(f.until || '')}"></label>`;
  o += `<button type="submit" class="primary">${esc(t('filter'))}</button></form>`;
  if (games.length === 0) o += `<p id="anone">${esc(t('noneFinished'))}</p>`;
  else {
    o += `<table id="atable" class="archive"><thead><tr><th>${esc(t('date'))}</th><th>${esc(t('gameCol'))}</th><th>${esc(t('players'))}</th><th>${esc(t('result'))}</th><th><span class="sr-only">${esc(t('replayThis'))}</span></th></tr></thead><tbody>`;
    const cell = (label, text) => `<td data-label="${esc(label)}">${text}</td>`;
    o += games.map((g) => `<tr data-room="${esc(g.room)}">${cell(t('date'), esc(g.finished.slice(0, 16).replace('T', ' ')))}${cell(t('gameCol'), esc(gameName(list, g.game)))}${cell(t('players'), esc(g.players.join(', ')))}${cell(t('result'), esc(pick(g.resultText)))}
      <td><a class="button" href="#/archived/${esc(g.room)}">${esc(t('replayThis'))}</a>${here.games.includes(g) ? ` <span class="note">${esc(t('playedHere'))}</span>${toServer ? ` <button type="button" class="toserver" data-room="${esc(g.room)}">${esc(t('toServer'))}</button>` : ''}` : ''}</td></tr>`).join('');
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
  for (const b of app.querySelectorAll('button.toserver')) {
    b.addEventListener('click', async () => {
      try {
        clearError();
        // the archived game is its record and the words of its result
        const { resultText, ...record } = await api('GET', '/api/archive/' + encodeURIComponent(b.dataset.room));
        await api('POST', '/api/archive', { records: [record] });
        b.replaceWith(Object.assign(document.createElement('span'), { className: 'note copied', textContent: t('copiedToServer') }));
      } catch (err) { showError(err); }
    });
  }
  document.getElementById('aimport').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    try {
      clearError();
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
