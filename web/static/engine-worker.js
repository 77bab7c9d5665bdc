// The engine in the browser's Web Worker: Tabula's server itself
// (cmd/tabula-wasm, Go built for GOOS=js GOARCH=wasm) answering the
// page's API requests and playing its rooms over a message port, so that
// a search never freezes the page. Every change of a room or of a
// finished game is kept in IndexedDB (database "tabula", store "kept") and
// put back when the worker starts, and told to the other tabs' workers
// (BroadcastChannel "tabula-engine"), which take it and drop the room
// from memory, so that their pages reconnect to it as it now is; a
// kiosk's worker (named tabula-kiosk) keeps and tells nothing: its games
// last as long as the page. The page talks to it through engine.js only.
/* global Go, engineFile */

importScripts('wasm_exec.js', 'engine-file.js');

const dbName = 'tabula';
const storeName = 'kept';

function openDB() {
  return new Promise((resolve, reject) => {
    const rq = indexedDB.open(dbName, 1);
    rq.onupgradeneeded = () => rq.result.createObjectStore(storeName);
    rq.onsuccess = () => resolve(rq.result);
    rq.onerror = () => reject(rq.error);
  });
}

function allKept(db) {
  return new Promise((resolve, reject) => {
    const rq = db.transaction(storeName).objectStore(storeName).getAll();
    rq.onsuccess = () => resolve(rq.result);
    rq.onerror = () => reject(rq.error);
  });
}

// compile compiles the engine while it downloads: the file that
// engine-file.js chooses, compressed by the server's encoding or, from a
// static host, decompressed here on the way, as a stream, into a
// streaming compilation.
const file = engineFile();

async function compile(go) {
  const res = await fetch(file.path);
  if (!res.ok) throw new Error(file.path + ': ' + res.status);
  const body = file.format ? res.body.pipeThrough(new DecompressionStream(file.format)) : res.body;
  const wasm = new Response(body, { headers: { 'Content-Type': 'application/wasm' } });
  if (WebAssembly.instantiateStreaming) return WebAssembly.instantiateStreaming(wasm, go.importObject);
  return WebAssembly.instantiate(await wasm.arrayBuffer(), go.importObject);
}

const kiosk = self.name === 'tabula-kiosk';
const tabs = typeof BroadcastChannel === 'function' && !kiosk ? new BroadcastChannel('tabula-engine') : null;

const ready = (async () => {
  const go = new Go();
  const { instance } = await compile(go);
  go.run(instance);
  const eng = self.tabulaEngine;
  let db = null;
  if (!kiosk) {
    try {
      db = await openDB();
      for (const kept of await allKept(db)) eng.restore(kept);
    } catch (e) { db = null; } // no IndexedDB (a private window): the games last as long as the page
  }
  eng.onChange = (id, kept) => {
    if (db) db.transaction(storeName, 'readwrite').objectStore(storeName).put(kept, id);
    if (tabs) tabs.postMessage({ id, kept });
  };
  if (tabs) tabs.onmessage = (e) => { eng.restore(e.data.kept); eng.unload(e.data.id); };
  return eng;
})();
// the page learns which file it was and how many bytes came over the
// network for it (engineState.file, engineState.bytes; 0 when unknown)
function downloaded() {
  const e = performance.getEntriesByName(new URL(file.path, location.href).href)[0];
  return e ? e.encodedBodySize : 0;
}
ready.then(() => postMessage({ ready: true, file: file.path, bytes: downloaded() }), (err) => postMessage({ ready: false, error: String(err.message || err) }));

const conns = new Map();

self.onmessage = async (e) => {
  const m = e.data;
  let eng;
  try { eng = await ready; } catch (err) {
    if (m.op === 'fetch') postMessage({ id: m.id, status: 503, body: JSON.stringify({ error: String(err.message || err), code: 'engine.load' }) });
    if (m.op === 'open') postMessage({ conn: m.conn, code: 4004, reason: String(err.message || err) });
    return;
  }
  switch (m.op) {
    case 'fetch': {
      const r = await eng.fetch(m.method, m.path, m.body === undefined ? null : m.body, m.lang);
      postMessage({ id: m.id, status: r.status, body: r.body });
      return;
    }
    case 'bench':
      postMessage({ id: m.id, status: 200, body: await eng.bench(m.playouts, m.iterations) });
      return;
    case 'levels':
      postMessage({ id: m.id, status: 200, body: await eng.levels(m.games, m.levels, m.positions) });
      return;
    case 'open':
      conns.set(m.conn, eng.open(m.room, m.lang,
        (text) => postMessage({ conn: m.conn, text }),
        (code, reason) => { conns.delete(m.conn); postMessage({ conn: m.conn, code, reason }); }));
      return;
    case 'unload':
      eng.unload(m.room);
      return;
    case 'send': { const c = conns.get(m.conn); if (c) c.send(m.text); return; }
    case 'close': { const c = conns.get(m.conn); if (c) c.close(); }
  }
};
