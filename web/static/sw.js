// The service worker that makes the app work offline: at install it
// keeps every file of the app (the list below, and the one file of the
// engine that this browser uses, engine-file.js; web's
// TestOfflineKeepsEveryFile checks it against static/) in a cache, and it answers the app's files
// from that cache, so that after one visit the app opens with the network
// gone or the server stopped. Each answer from the cache asks the server,
// with the copy's ETag, whether the file changed (refresh): a changed file
// is kept and shows at the next page load; an unchanged one costs a 304
// and no write (the browser's HTTP cache alone would revalidate too, but
// the copy was written again each time).
// The API is never cached: the page's api() turns to the engine in the
// browser (engine.js) when the server cannot be reached.
/* global engineFile */

importScripts('engine-file.js');

const cacheName = 'tabula-2';
const files = [
  './', 'index.html', 'style.css', 'manifest.json', 'icon.svg',
  'analysis.js', 'api.js', 'app.js', 'archive.js', 'boards.js', 'class.js', 'conn.js', 'contract.js', 'embed.js', 'engine.js', 'i18n.js', 'starts.js', 'words.js',
  'attract.js', 'keys.js', 'kiosk.js', 'lobby.js', 'md.js', 'drawn.js', 'morph.js', 'online.js', 'options.js', 'replay.js', 'room.js', 'roomdraw.js', 'roomstate.js', 'ux.js', 'yourturn.js',
  'vendor/morphdom.js', 'engine-worker.js', 'engine-file.js', 'wasm_exec.js',
];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(cacheName).then((c) => c.addAll([...files, engineFile().path])).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== cacheName).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== location.origin || url.pathname.includes('/api/')) return;
  e.respondWith(caches.open(cacheName).then(async (c) => {
    const kept = await c.match(e.request, { ignoreSearch: true });
    if (!kept) {
      return fetch(e.request).then((res) => {
        if (res.ok) c.put(e.request, res.clone());
        return res;
      });
    }
    refresh(c, e.request, kept).catch(() => {}); // offline: the kept copy it is
    return kept;
  }));
});

// refresh asks the server whether the kept copy of a file is still its
// version, with the copy's ETag: while it is, the answer is a 304 with no
// body and nothing is written; a changed file comes whole and replaces
// the copy. From a host that sends no ETag the file comes whole and is
// kept.
async function refresh(c, req, kept) {
  const tag = kept.headers.get('ETag');
  const res = await fetch(req.url, tag ? { headers: { 'If-None-Match': tag } } : {});
  if (res.ok && (!tag || res.headers.get('ETag') !== tag)) await c.put(req, res);
}
