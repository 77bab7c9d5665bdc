// The page's side of the engine in the browser (engine-worker.js): API
// requests answered by the very server code, compiled to WebAssembly,
// and EngineSocket, a room's live connection that behaves as a WebSocket
// for conn.js. Rooms the engine plays have ids that begin with "b.".

import { kiosk } from './kiosk.js';

let worker = null;
let seq = 0;
const waiting = new Map(); // request id -> resolve
const sockets = new Map(); // connection id -> EngineSocket

function start() {
  if (worker) return worker;
  // a kiosk's engine keeps nothing (engine-worker.js); the worker learns
  // it by its name, which a copy kept by sw.js cannot lose
  worker = new Worker('engine-worker.js', kiosk ? { name: 'tabula-kiosk' } : {});
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.ready !== undefined) {
      engineState.loaded = m.ready;
      engineState.file = m.file || '';
      engineState.bytes = m.bytes || 0;
      engineState.ms = performance.now();
      dispatchEvent(new Event('tabula-engine'));
      return;
    }
    if (m.id !== undefined) {
      const done = waiting.get(m.id);
      waiting.delete(m.id);
      if (done) done(m);
      return;
    }
    const s = sockets.get(m.conn);
    if (!s) return;
    if (m.text !== undefined) { if (s.onmessage) s.onmessage({ data: m.text }); return; }
    sockets.delete(m.conn);
    s.readyState = 3;
    if (s.onclose) s.onclose({ code: m.code, reason: m.reason || '' });
  };
  return worker;
}

// engineState says whether the engine has loaded (loaded: true, or false
// when it could not), from which file (engine-file.js) of how many bytes
// downloaded (0 when unknown) and when (ms, the page's clock);
// "tabula-engine" is dispatched on the window then.
export const engineState = { loaded: null, file: '', bytes: 0, ms: 0 };

// warmEngine starts loading the engine, so that it is ready when a game
// starts.
export function warmEngine() { start(); }

// engineUnload drops a room from the engine's memory, as a server unloads
// one: its pages reconnect and read it anew.
export function engineUnload(room) { start().postMessage({ op: 'unload', room }); }

// isEngineRoom tells a room the engine in the browser plays.
export const isEngineRoom = (id) => String(id).startsWith('b.');

// ask sends the worker a request and resolves with done(its answer).
function ask(msg, done) {
  const w = start();
  const id = ++seq;
  return new Promise((resolve) => {
    waiting.set(id, (m) => resolve(done(m)));
    w.postMessage({ ...msg, id });
  });
}

// engineFetch answers an API request (docs/api.md) in the browser:
// {status, body} as the server would.
export function engineFetch(method, path, body, lang) {
  return ask({ op: 'fetch', method, path, body: body === undefined ? undefined : JSON.stringify(body), lang }, (m) => m);
}

// engineBench runs the engine's speed measurement (internal/enginebench)
// in the worker: {playouts, playoutsPerSec, iterations, searchMs, move}.
export function engineBench(playouts, iterations) {
  return ask({ op: 'bench', playouts, iterations }, (m) => JSON.parse(m.body));
}

// engineLevels times the levels' moves (internal/enginebench.Levels) in
// the worker: [{game, level, moves, meanMs, worstMs, capMs}].
export function engineLevels(games, levels, positions) {
  return ask({ op: 'levels', games, levels, positions }, (m) => JSON.parse(m.body));
}

// EngineSocket is a room's live connection to the engine in the
// browser, with a WebSocket's face (readyState, onopen, onmessage,
// onclose, send, close) and its messages (docs/api-live.md).
export class EngineSocket {
  constructor(room, lang) {
    this.conn = ++seq;
    this.readyState = 0;
    sockets.set(this.conn, this);
    start().postMessage({ op: 'open', conn: this.conn, room, lang });
    setTimeout(() => {
      if (this.readyState !== 0) return;
      this.readyState = 1;
      if (this.onopen) this.onopen();
    }, 0);
  }

  send(text) { if (this.readyState === 1) worker.postMessage({ op: 'send', conn: this.conn, text }); }

  close() {
    if (this.readyState >= 2) return;
    this.readyState = 2;
    worker.postMessage({ op: 'close', conn: this.conn });
  }
}
