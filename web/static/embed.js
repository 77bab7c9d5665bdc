// <tabula-game>: a board any web page can embed (docs/embed.md). The
// element holds, in its shadow root, a frame of this app's own origin
// that plays one game in the engine in the browser, so the host page's
// styles and globals are never touched and no server beyond the static
// files is needed. Attributes: game, vs, lang, options, label. The frame
// tells its height (the element sizes itself to its container's width)
// and each turn, which the element fires as a "tabula-turn" event
// (detail: {moves, over}).

const base = new URL('.', import.meta.url);

class TabulaGame extends HTMLElement {
  static observedAttributes = ['game', 'vs', 'lang', 'options', 'label'];

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>
      :host { display: block; max-width: 100%; }
      iframe { display: block; width: 100%; height: 560px; border: 0; }
    </style><iframe allow="clipboard-write"></iframe>`;
    this.frame = root.querySelector('iframe');
    this.onMessage = (e) => {
      if (e.source !== this.frame.contentWindow || e.origin !== base.origin || !e.data || typeof e.data !== 'object') return;
      if (e.data.tabula === 'height' && e.data.height > 0) this.frame.style.height = Math.ceil(e.data.height) + 'px';
      if (e.data.tabula === 'turn') this.dispatchEvent(new CustomEvent('tabula-turn', { detail: { moves: e.data.moves, over: e.data.over } }));
    };
  }

  connectedCallback() {
    window.addEventListener('message', this.onMessage);
    this.load();
  }

  disconnectedCallback() { window.removeEventListener('message', this.onMessage); }

  attributeChangedCallback() { if (this.isConnected) this.load(); }

  load() {
    const q = new URLSearchParams();
    for (const a of ['vs', 'lang', 'options']) if (this.getAttribute(a)) q.set(a, this.getAttribute(a));
    const game = this.getAttribute('game') || 'adji-boto';
    const src = new URL(`index.html?embed=1#/embed/${encodeURIComponent(game)}/${q}`, base).href;
    if (this.frame.src !== src) this.frame.src = src;
    this.frame.title = this.getAttribute('label') || `Tabula: ${game}`;
  }
}

if (!customElements.get('tabula-game')) customElements.define('tabula-game', TabulaGame);
