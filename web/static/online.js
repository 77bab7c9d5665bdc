// Online play: create a room and share its invite links (with QR codes);
// the room itself is shown by room.js, as every room is.

import { t, pick, valueLabel } from './i18n.js';
import { shape, playerName } from './boards.js';
import { esc, agentLabel } from './ux.js';
import { api, showError, offeredAgents } from './api.js';

const app = document.getElementById('app');

const abs = (link) => location.origin + link;
const qr = (link) => '/api/qr?text=' + encodeURIComponent(abs(link));

// ------------------------------------------------------------- create a room

// pageOnline sets up a room of game id; query holds the options chosen on
// the game page ("seeds=2&...").
export async function pageOnline(id, query) {
  const g = await api('GET', '/api/games/' + encodeURIComponent(id));
  const options = Object.fromEntries(new URLSearchParams(query || ''));
  const agents = await offeredAgents(g.id, options);
  document.title = t('onlineTitle', { name: g.name });
  const n = Math.max(2, Math.min(4, Number(options.players) || 2));
  let o = `<section id="online" data-game="${esc(g.id)}"><h1>${esc(t('onlineTitle', { name: g.name }))}</h1>`;
  o += `<form id="roomform" class="setup" novalidate>`;
  // the options chosen, by the catalogue's titles and labels
  const shown = Object.entries(options).map(([k, v]) => {
    const opt = g.options.find((x) => x.name === k);
    if (!opt) return `${k}=${v}`;
    const value = opt.kind === 'bool' ? t(v === 'true' ? 'optOn' : 'optOff') : valueLabel(opt, v);
    return `${pick(opt.titles) || k}: ${value}`;
  }).join(', ');
  if (shown) o += `<p class="hint" id="r-options">${esc(t('options'))}: ${esc(shown)}</p>`;
  o += `<fieldset id="r-seats"></fieldset><p class="hint">${esc(t('seatsHint'))}</p>`;
  if (n === 2) {
    o += `<div class="field"><label for="r-clock">${esc(t('clock'))}</label> <input type="number" id="r-clock" min="1" max="180" step="1" placeholder="${esc(t('noClock'))}">`;
    o += ` + <input type="number" id="r-inc" min="0" max="60" step="1" value="0" aria-label="${esc(t('increment'))}"> <small>${esc(t('increment'))}</small></div>`;
    o += `<div class="field"><label for="r-days">${esc(t('perMove'))}</label> <select id="r-days"><option value="">${esc(t('perMoveNone'))}</option>`;
    o += [1, 2, 3, 5, 7, 14].map((d) => `<option value="${d}">${d}</option>`).join('') + `</select></div>`;
  }
  o += `<button type="submit" class="primary" id="create">${esc(t('create'))}</button></form></section>`;
  app.innerHTML = o;
  const seatsBox = document.getElementById('r-seats');
  const players = () => n;
  const render = () => {
    let s = `<legend>${esc(t('whoPlays'))}</legend>`;
    for (let i = 0; i < players(); i++) {
      s += `<div class="field seat"><label for="r-kind-${i}"><svg class="icon" viewBox="0 0 30 30" aria-hidden="true">${shape(i, 15, 15, 9)}</svg>${esc(t('seatName', { n: i }))}</label>`;
      s += `<select id="r-kind-${i}"><option value="person">${esc(t('kindPerson'))}</option>`;
      s += agents.map((a) => `<option value="${esc(a)}">${esc(agentLabel(a))}</option>`).join('') + `</select>`;
      s += ` <input id="r-name-${i}" maxlength="40" placeholder="${esc(t('nameOptional'))}" aria-label="${esc(t('nameOptional'))}"></div>`;
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
    const days = document.getElementById('r-days');
    if (days && days.value) body.clock = { days: Number(days.value) };
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
