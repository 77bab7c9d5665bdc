// The controls of a game's options (its reading), drawn once for every
// form that starts a game: the game's page (a new game, online play, a
// class) and the lobby's challenge form (lobby.js).

import { pick, optionDoc, valueLabel } from './i18n.js';
import { esc } from './ux.js';

// optionTitle names an option for people in the current language, with
// the name that records and the command line use.
export function optionTitle(opt) {
  const l = pick(opt.titles);
  return l ? `${l} (${opt.name})` : opt.name;
}

// optionFields is the HTML of a field for each of specs (a game's
// options, as /api/games/{id} gives them), showing values (name to value;
// a missing one shows the default); prefix begins each control's id.
export function optionFields(specs, values, prefix) {
  let o = '';
  for (const opt of specs) {
    const val = values[opt.name] !== undefined ? values[opt.name] : opt.default;
    const fid = prefix + opt.name;
    o += `<div class="field" data-option="${esc(opt.name)}">`;
    if (opt.kind === 'bool') {
      o += `<label><input type="checkbox" id="${fid}" name="${esc(opt.name)}" ${val === 'true' ? 'checked' : ''} aria-describedby="${fid}-doc"> ${esc(optionTitle(opt))}</label>`;
    } else if (opt.kind === 'enum') {
      o += `<label for="${fid}">${esc(optionTitle(opt))}</label><select id="${fid}" name="${esc(opt.name)}" aria-describedby="${fid}-doc">`;
      o += opt.values.map((v) => `<option value="${esc(v)}" ${v === val ? 'selected' : ''}>${esc(valueLabel(opt, v))}</option>`).join('') + `</select>`;
    } else {
      const step = opt.kind === 'float' ? 'any' : '1';
      o += `<label for="${fid}">${esc(optionTitle(opt))}</label><input type="number" id="${fid}" name="${esc(opt.name)}" value="${esc(val)}" min="${opt.min}" max="${opt.max}" step="${step}" aria-describedby="${fid}-doc">`;
    }
    o += `<small id="${fid}-doc">${esc(optionDoc(opt))}</small></div>`;
  }
  return o;
}

// readOptions is the value of each of specs' fields drawn with prefix
// (name to value, as text).
export function readOptions(specs, prefix) {
  const opts = {};
  for (const opt of specs) {
    const el = document.getElementById(prefix + opt.name);
    opts[opt.name] = opt.kind === 'bool' ? String(el.checked) : el.value;
  }
  return opts;
}

// isDefault reports whether opts (as readOptions gives them) are specs'
// defaults: the source's reading.
export function isDefault(specs, opts) {
  return specs.every((opt) => opts[opt.name] === undefined || String(opts[opt.name]) === String(opt.default));
}
