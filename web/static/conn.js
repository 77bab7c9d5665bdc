// The one client of the room protocol (docs/api.md, "Online rooms"): a
// WebSocket said hello to with the seats' tokens and the last version
// seen, events checked to follow each other without a gap, a move or an
// undo kept until it is acknowledged and sent again after a reconnection
// (the server acknowledges a resend as a duplicate), and reconnection
// with a backoff of 0.5 s doubling to 10 s. Every page that shows a room
// uses it; it knows nothing of pages. A room of the engine in the browser
// is reached the same way, over an EngineSocket instead of a WebSocket.

import { EngineSocket, isEngineRoom } from './engine.js';

import { closeCodes } from './contract.js';

const backoffMin = 500;
const backoffMax = 10000;

// Conn is the connection to one room. tokens are the seats' tokens this
// browser plays there, the first said hello with ([] or [''] to watch);
// lang is the page's language, in which the server words its refusals.
// on holds the callbacks: welcome(view), event(msg), ack(msg),
// reject(msg), presence(msg), token(msg), note(msg), chat(msg), state() (the connection's state
// changed: conn.state is 'connecting', 'online', 'offline' or 'gone'),
// lost(token) (a token no longer holds a seat) and gone(code, reason)
// (no such room).
export class Conn {
  constructor(room, tokens, on, lang) {
    this.room = room;
    this.lang = lang || 'en'; // the language of the server's refusals
    this.tokens = tokens.filter((x) => x);
    this.on = on;
    this.version = -1;
    this.status = '';   // the room's status, as last heard
    this.state = 'connecting';
    this.retry = 0;
    this.drops = 0;
    this.retryAt = 0;
    this.pending = null; // the move or undo sent and not yet acknowledged
    this.closed = false;
    this.open();
  }

  open() {
    const ws = isEngineRoom(this.room) ? new EngineSocket(this.room, this.lang) : new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/rooms/' + encodeURIComponent(this.room) + '/ws?lang=' + encodeURIComponent(this.lang));
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: 'hello', token: this.tokens[0] || '', last: this.version };
      if (this.tokens.length > 1) hello.tokens = this.tokens.slice(1);
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => { if (this.ws === ws && !this.closed) this.receive(JSON.parse(e.data)); };
    ws.onclose = (e) => { if (this.ws === ws && !this.closed) this.dropped(e); };
  }

  receive(m) {
    switch (m.type) {
      case 'welcome':
        this.version = m.view.version;
        this.status = m.view.status;
        this.state = 'online';
        this.retry = 0;
        this.on.welcome(m.view);
        this.on.state();
        // a move whose ack was lost goes again: the server acknowledges
        // it as a duplicate if it was recorded, else judges it now
        if (this.pending) this.ws.send(JSON.stringify(this.pending));
        return;
      case 'event':
        if (m.event.version !== this.version + 1) { this.ws.close(1000); return; } // a gap: reconnect and catch up
        this.version = m.event.version;
        if (m.event.kind === 'end') this.status = 'finished';
        this.on.event(m);
        return;
      case 'ack':
        this.pending = null;
        this.on.ack(m);
        return;
      case 'reject':
        this.pending = null;
        if (m.view) { this.version = m.view.version; this.status = m.view.status; }
        this.on.reject(m);
        return;
      case 'token':
        this.tokens[0] = m.token;
        this.renewed = true;
        this.on.token(m);
        return;
      case 'presence':
        this.on.presence(m);
        return;
      case 'note':
        this.on.note(m);
        return;
      case 'chat':
        if (this.on.chat) this.on.chat(m);
    }
  }

  dropped(e) {
    this.ws = null;
    if (e.code === closeCodes.badToken) {
      if (this.renewed) { this.renewed = false; this.open(); return; } // our own new link
      // The seat said hello with went to someone else or the computer:
      // go on with the other seats, or watch.
      const lost = this.tokens.shift();
      this.pending = null;
      this.on.lost(lost);
      this.open();
      return;
    }
    // refused before the first welcome (not for its pace): the room or
    // the seat is not there to be had
    if (this.version < 0 && e.code >= 4000 && e.code !== closeCodes.tooFast && e.code !== closeCodes.slow) {
      this.state = 'gone';
      this.on.gone(e.code, e.reason);
      this.on.state();
      return;
    }
    if (e.code === closeCodes.roomGone && this.status && this.status !== 'open') { this.state = 'gone'; this.on.state(); return; }
    const delay = Math.min(backoffMax, backoffMin * 2 ** this.retry) * (0.8 + 0.4 * Math.random());
    this.retry++;
    this.drops++;
    this.state = 'offline';
    this.retryAt = Date.now() + delay;
    this.on.state();
    this.timer = setTimeout(() => { if (!this.closed) this.open(); }, delay);
  }

  // send sends a message; a move or an undo is kept until acknowledged.
  // It reports whether the message went out.
  send(msg) {
    if (!this.ws || this.ws.readyState !== 1 || this.state !== 'online') return false;
    if (msg.type === 'move' || msg.type === 'undo') this.pending = msg;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  // reconnect drops the connection and opens a new one at once.
  reconnect() { if (this.ws) this.ws.close(1000); }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }
}

// LobbyConn is the one client of the lobby's WebSocket (docs/api.md,
// "GET /api/lobby/ws"): it says hello with the identity's key (if any),
// calls on(msg) with each message (seeks, seek, gone, matched) and
// reconnects with the rooms' backoff, starting again from the full list.
export class LobbyConn {
  constructor(key, on) {
    this.key = key;
    this.on = on;
    this.retry = 0;
    this.closed = false;
    this.open();
  }

  open() {
    const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/lobby/ws');
    this.ws = ws;
    ws.onopen = () => { if (this.key) ws.send(JSON.stringify({ type: 'hello', key: this.key })); };
    ws.onmessage = (e) => {
      if (this.ws !== ws || this.closed) return;
      this.retry = 0;
      this.on(JSON.parse(e.data));
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      const delay = Math.min(backoffMax, backoffMin * 2 ** this.retry++);
      this.timer = setTimeout(() => { if (!this.closed) this.open(); }, delay);
    };
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000);
  }
}
