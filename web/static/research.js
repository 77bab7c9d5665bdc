// The Research page: starts a study of the research workbench on the
// server (POST /api/research), shows its progress, lists the reports and
// ranks the readings of the last finished study. It holds no rule: the
// options and their values come from /api/games. Its words are in
// i18n.js, English and German.

import { t, detectLanguage, setLanguage, getLanguage, optionDoc, fillLanguages } from './i18n.js';

const $ = (id) => document.getElementById(id);
let games = [];
let running = null;
// poll is the one pending refresh while a study runs: a refresh started
// by a click replaces it rather than starting a second chain.
let poll = null;

// The owner tokens of the studies started here, by id: only the owner may
// cancel a study, and the token is given once, when it starts.
function owners() {
  try { return JSON.parse(localStorage.getItem('tabula-study-owners') || '{}'); } catch { return {}; }
}

function keepOwner(id, token) {
  const all = owners();
  all[id] = token;
  try { localStorage.setItem('tabula-study-owners', JSON.stringify(all)); } catch { /* private mode: kept for this page only */ }
  ownedHere[id] = token;
}

const ownedHere = {};

async function api(path, opts = {}) {
  const res = await fetch(path, opts);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

function showError(err) {
  const box = $('errors');
  box.textContent = err ? String(err.message || err) : '';
  box.hidden = !err;
}

// An option can be varied over all its values (enum, bool) or over a list
// typed by the user (int, float).
function renderOptions() {
  const g = games.find((x) => x.id === $('game').value);
  const box = $('options');
  box.replaceChildren();
  for (const o of g.options) {
    const p = document.createElement('p');
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.dataset.option = o.name;
    if (o.kind === 'enum' || o.kind === 'bool') {
      input.type = 'checkbox';
      label.append(input, ` ${o.name} (${o.kind === 'bool' ? 'true, false' : o.values.join(', ')})`);
    } else {
      input.type = 'text';
      input.placeholder = t('rs_eg', { v: o.default });
      input.size = 14;
      label.append(t('rs_values', { name: o.name, min: o.min, max: o.max }) + ' ', input);
    }
    const doc = document.createElement('small');
    doc.textContent = ` ${optionDoc(o)} ${t('rs_default', { v: o.default })}`;
    p.append(label, doc);
    box.append(p);
  }
}

function request() {
  const vary = {};
  for (const input of $('options').querySelectorAll('input')) {
    if (input.type === 'checkbox' && input.checked) vary[input.dataset.option] = 'all';
    if (input.type === 'text' && input.value.trim()) vary[input.dataset.option] = input.value.trim();
  }
  const options = {};
  for (const part of $('fixed').value.split(/\s+/)) {
    const eq = part.indexOf('=');
    if (eq > 0) options[part.slice(0, eq)] = part.slice(eq + 1);
  }
  const body = { game: $('game').value, vary, options, design: $('design').value, agents: [$('agents').value],
    games: Number($('games').value), seed: Number($('seed').value) || 1, replicate: Number($('replicate').value) };
  if ($('skill').value) body.skill = $('skill').value;
  return body;
}

function fmtLeft(s) {
  if (!s) return '';
  return s < 90 ? t('rs_leftS', { n: Math.round(s) }) : t('rs_leftMin', { n: Math.round(s / 60) });
}

// translate fills the page's fixed words in the current language.
function translate() {
  document.documentElement.lang = getLanguage();
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll('[data-t-label]')) el.setAttribute('aria-label', t(el.dataset.tLabel));
}

// renderRanking shows the ranking of the last finished study: each
// reading's dominance layer, and on each measure its group (1: not
// distinguishable from the best) and rank with its 95% interval.
function renderRanking(list) {
  const st = [...list].reverse().find((x) => x.state === 'done' && x.ranking);
  $('ranking').hidden = !st;
  if (!st) return;
  const rk = st.ranking;
  const iv = (r) => `${r.rank} (${r.low}–${r.high})`;
  $('ranknote').textContent = t('rs_rankNote', { id: st.id, n: rk.bootstrap });
  const head = document.createElement('tr');
  for (const text of [t('rs_reading'), t('rs_layer'), t('rs_overall'), ...rk.measures.map((m) => t('rs_m_' + m))]) {
    const th = document.createElement('th');
    th.textContent = text;
    head.append(th);
  }
  $('ranks').tHead.replaceChildren(head);
  const sorted = [...rk.readings].sort((a, b) => a.layer - b.layer || a.overall.rank - b.overall.rank);
  const rows = sorted.map((r) => {
    const tr = document.createElement('tr');
    const cells = r.rank.map((x, m) => `${t('rs_group', { g: r.tier[m] })}, ${iv(x)}`);
    for (const text of [`R${r.reading} ${r.label}`, String(r.layer), iv(r.overall), ...cells]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  });
  $('ranks').tBodies[0].replaceChildren(...rows);
}

async function refresh() {
  clearTimeout(poll);
  poll = null;
  const list = await api('/api/research');
  const rows = list.map((st) => {
    const tr = document.createElement('tr');
    const report = document.createElement('td');
    if (st.report) {
      const a = document.createElement('a');
      // The report in the page's language at the time of the click.
      const href = () => `${st.report}?lang=${encodeURIComponent(getLanguage())}`;
      a.href = href();
      a.addEventListener('click', () => { a.href = href(); });
      a.textContent = t('rs_open');
      report.append(a);
    }
    for (const text of [st.id, st.game, st.command, t('rs_state_' + st.state, { n: st.queue }) + (st.error ? `: ${st.error}` : '')]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    tr.append(report);
    return tr;
  });
  $('studies').tBodies[0].replaceChildren(...rows);
  renderRanking(list);
  running = list.find((st) => st.state === 'running') || null;
  $('current').hidden = !running;
  $('run').disabled = false; // a study asked while another runs waits its turn (its place shown)
  $('cancel').hidden = !running || !(ownedHere[running.id] || owners()[running.id]);
  if (running) {
    $('bar').max = running.total;
    $('bar').value = running.done;
    $('status').textContent = `${t('rs_progress', { id: running.id, done: running.done, total: running.total })} ${fmtLeft(running.leftSeconds)}`;
  }
  if (running || list.some((st) => st.state === 'queued')) {
    clearTimeout(poll);
    poll = setTimeout(() => refresh().catch(showError), 1000);
  }
}

async function main() {
  setLanguage(detectLanguage());
  fillLanguages($('lang'));
  translate();
  $('lang').addEventListener('change', (e) => {
    setLanguage(e.target.value);
    translate();
    renderOptions();
    refresh().catch(showError);
  });
  games = (await api('/api/games')).games.filter((g) => g.playable !== false);
  for (const g of games) {
    const opt = document.createElement('option');
    opt.value = g.id;
    opt.textContent = g.name;
    $('game').append(opt);
  }
  $('game').addEventListener('change', renderOptions);
  renderOptions();
  $('study').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    showError(null);
    try {
      const st = await api('/api/research', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request()) });
      keepOwner(st.id, st.owner);
      await refresh();
    } catch (err) { showError(err); }
  });
  $('cancel').addEventListener('click', async () => {
    const token = running && (ownedHere[running.id] || owners()[running.id]);
    if (token) await api(`/api/research/${running.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } }).catch(showError);
    await refresh().catch(showError);
  });
  await refresh();
}

main().catch(showError);
