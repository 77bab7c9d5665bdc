// Which file of the engine this browser downloads, for the engine's worker
// (engine-worker.js), which compiles it, and the service worker (sw.js),
// which keeps it. A Tabula server serves engine.wasm compressed as the
// browser accepts (brotli, 1.3 MB, or gzip), and the browser decodes it.
// A static file host serves files as they are: there the worker
// decompresses engine.wasm.br itself where DecompressionStream takes
// 'brotli' (Firefox), else engine.wasm.gz (1.8 MB). format names the
// DecompressionStream's, '' for none.
/* exported engineFile */

// servedByTabula is true from a Tabula server; "tabula site" writes its
// static copy with false (web.WriteSite).
const servedByTabula = true;

function engineFile() {
  if (servedByTabula) return { path: 'engine.wasm', format: '' };
  try {
    new DecompressionStream('brotli'); // eslint-disable-line no-new
    return { path: 'engine.wasm.br', format: 'brotli' };
  } catch (e) { // a TypeError: this browser has no brotli stream
    return { path: 'engine.wasm.gz', format: 'gzip' };
  }
}
