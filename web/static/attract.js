// The kiosk's screens (kiosk.js says whether the page is a kiosk): the
// attract screen, where the computer plays the game against itself (a
// room of the engine in the browser with the computer in every seat,
// which the page then replays slowly, telling each turn), under big
// buttons that start a fresh game
// against the computer or for two at this screen; the big language
// toggle; and the reset: after kiosk.idle without a touch the page loads
// itself afresh, which throws away the visitor's game with everything the
// page and its engine held (a kiosk stores nothing: kiosk.js's store,
// and engine-worker.js named tabula-kiosk).

import { t, setLanguage, getLanguage, languages, languageName } from './i18n.js';
import { api, games, showError } from './api.js';
import { createLocal, roomSeats } from './room.js';
import { kiosk, store } from './kiosk.js';
import { esc } from './ux.js';
import { P, describeTurn, told } from './roomstate.js';

let attractRoom = ''; // the room the computer plays itself in
let rounds = 0; // attract games so far: each shows the next game
let timer = 0;
let ending = 0;
let told_ = -1; // the replay's turn the narration tells

// kioskAllows reports whether a kiosk shows the page of the address: the
// attract screen and the games of its engine, nothing that leads away.
export const kioskAllows = (page, id) => page === '' || (page === 'play' && !!id && id.startsWith('b.'));

const attractShown = () => !!attractRoom && location.hash === '#/play/' + attractRoom;

// seatsFor are the seats of a fresh game of g: first in the first seat,
// others in every other ("human" or an agent's spec).
async function seatsFor(g, first, others) {
  let n = 2;
  try { n = (await api('GET', `/api/games/${encodeURIComponent(g.id)}/start`)).state.scores.length; } catch (e) { /* two */ }
  return Array.from({ length: n }, (_, i) => (i === 0 ? first : others));
}

// agentOf is the computer player of a kiosk's games: an easy one, so
// that visitors win now and then and the screen never waits long.
const agentOf = (g) => (g.agents.includes('mcts:easy') ? 'mcts:easy' : g.agents[0]);

async function kioskGames() {
  const list = await games();
  const chosen = list.filter((g) => g.id === kiosk.game);
  return chosen.length ? chosen : list;
}

// pageAttract starts a game the computer plays against itself, slowly,
// and shows it under the attract panel.
export async function pageAttract() {
  const list = await kioskGames();
  const g = list[rounds++ % list.length];
  store.setItem('tabula.speed', 'slow');
  const rid = await createLocal({ game: g.id, options: {}, seats: roomSeats(await seatsFor(g, agentOf(g), agentOf(g))) });
  attractRoom = rid;
  location.replace('#/play/' + rid);
}

// start begins the visitor's own game of g.
async function start(id, vs) {
  try {
    const g = (await kioskGames()).find((x) => x.id === id);
    store.setItem('tabula.speed', 'normal');
    const rid = await createLocal({ game: g.id, options: {}, seats: roomSeats(await seatsFor(g, 'human', vs ? agentOf(g) : 'human')) });
    location.hash = '#/play/' + rid;
  } catch (e) { showError(e); }
}

// reset loads the kiosk afresh, at its attract screen.
function reset() {
  history.replaceState(null, '', location.pathname + location.search);
  location.reload();
}

// touched restarts the wait for the reset: none on the attract screen.
function touched() {
  clearTimeout(timer);
  if (!attractShown()) timer = setTimeout(reset, kiosk.idle);
}

async function drawPanel() {
  const panel = document.getElementById('kiosk-attract');
  const list = await kioskGames();
  let o = `<p class="kiosk-demo">${esc(t('kioskDemo'))}</p><p id="kiosk-narration" class="kiosk-narration" aria-hidden="true"></p><div class="kiosk-games">`;
  for (const g of list) {
    o += `<div class="kiosk-game" role="group" aria-label="${esc(t('kioskWhich', { name: g.name }))}"><h2>${esc(g.name)}</h2>`;
    o += `<button class="primary" data-kiosk-start="${esc(g.id)}" data-vs="1">${esc(t('kioskVsComputer'))}</button>`;
    o += `<button data-kiosk-start="${esc(g.id)}" data-vs="">${esc(t('kioskTwo'))}</button></div>`;
  }
  panel.innerHTML = o + '</div>';
}

function drawToggle() {
  const box = document.getElementById('kiosk-lang');
  box.innerHTML = languages.map((l) => `<button lang="${l}" data-lang="${l}" aria-pressed="${l === getLanguage()}">${esc(languageName(l))}</button>`).join('');
}

// startKiosk makes the page a kiosk: its panel and toggle, the reset
// after kiosk.idle without a touch; relang redraws the page in the
// language chosen.
export function startKiosk(relang) {
  document.body.classList.add('kiosk');
  const panel = document.createElement('section');
  panel.id = 'kiosk-attract';
  panel.className = 'kiosk-attract';
  panel.hidden = true;
  const toggle = document.createElement('div');
  toggle.id = 'kiosk-lang';
  toggle.className = 'kiosk-lang';
  toggle.setAttribute('role', 'group');
  toggle.setAttribute('aria-label', t('language'));
  document.body.append(panel, toggle);
  panel.addEventListener('click', (e) => {
    const b = e.target.closest('[data-kiosk-start]');
    if (b) start(b.dataset.kioskStart, !!b.dataset.vs);
  });
  toggle.addEventListener('click', (e) => {
    const b = e.target.closest('[data-lang]');
    if (!b) return;
    setLanguage(b.dataset.lang);
    drawToggle();
    drawPanel();
    relang();
  });
  for (const ev of ['pointerdown', 'keydown', 'touchstart', 'wheel']) document.addEventListener(ev, touched, { capture: true, passive: true });
  setInterval(attractStep, 250);
  drawToggle();
  drawPanel().catch(showError);
}

// kioskRouted follows the page shown: the attract panel over the
// computer's own game, the wait for the reset over any other.
export function kioskRouted() {
  document.getElementById('kiosk-attract').hidden = !attractShown();
  document.body.classList.toggle('kiosk-attracting', attractShown());
  touched();
}

// attractStep moves the attract screen on: the computer's game, played at
// once by the engine, is replayed slowly from its start (the room page's
// replay and autoplay, at the speed slow), each turn told big; a few
// seconds after its end the next game begins.
function attractStep() {
  const room = document.getElementById('room');
  if (!attractShown() || !P || P.id !== attractRoom || !room) { ending = 0; return; }
  if (!P.replay) {
    if (room.dataset.status === 'over') document.getElementById('replay')?.click();
    return;
  }
  const R = P.replay;
  if (!R.auto && R.i === 0 && !ending) { document.getElementById('r-auto')?.click(); return; }
  if (R.i !== told_ && R.i > 0) {
    told_ = R.i;
    const line = [describeTurn(R.turns[R.i - 1]), ...told(R.states[R.i])].join(' ');
    document.getElementById('kiosk-narration').textContent = line;
  }
  if (R.auto || R.i < R.turns.length) return;
  if (!ending) ending = Date.now();
  else if (Date.now() - ending > 8000) { ending = 0; told_ = -1; pageAttract().catch(showError); }
}
