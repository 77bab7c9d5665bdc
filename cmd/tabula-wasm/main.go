//go:build js && wasm

// Command tabula-wasm is the engine in the browser: the server of "tabula
// serve" itself (engine, games, ai, view, narration, rooms), built for
// GOOS=js GOARCH=wasm and run in a Web Worker (web/static/engine.js), so
// that a game at one device or against the computer is played by the
// very code that plays it on a server, with no server. It keeps its rooms
// in memory and hands each change to the worker to keep in IndexedDB.
//
// It sets globalThis.tabulaEngine to an object of functions:
//
//	fetch(method, url, body, lang) -> Promise<{status, body}>  an API request (docs/api.md)
//	open(room, lang, onMessage(text), onClose(code, reason)) -> {send(text), close()}  a room's live connection (docs/api-live.md)
//	bench(playouts, iterations) -> Promise<JSON of enginebench.Result>  the speed measurement of docs/browser.md
//	levels(games, levels, positions) -> Promise<JSON of []enginebench.LevelTime>  the levels' time a move (games and levels apart by commas)
//	restore(kept)   puts back one id's room and finished game (the JSON onChange gave)
//	unload(id)      drops a room from memory, closing its connections (the pages reconnect and read it anew)
//	onChange        set by the worker: called with (id, kept JSON) after each change
package main

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"syscall/js"

	"tabula/docs"
	_ "tabula/games/all"
	"tabula/internal/compute"
	"tabula/internal/enginebench"
	"tabula/internal/rooms"
	"tabula/internal/server"
	"tabula/internal/store"
)

func main() {
	mem := store.NewMemory()
	pool := compute.NewPool(compute.Config{Workers: 1})
	log := rooms.Discard{}
	mgr := rooms.NewManager(rooms.Config{Store: mem, IDPrefix: "b.", Agents: rooms.AgentFunc(server.DefaultAgents), Offered: server.OfferedAgents, Think: pool, Log: log,
		ComputersOnly: true}) // a kiosk's attract screen: the computer plays itself
	srv := server.New(server.Config{Log: log, Rules: docs.RulesFS(), Pool: pool, Rooms: mgr, RoomsPerMinute: 1 << 20})

	api := js.Global().Get("Object").New()
	mem.Changed = func(id string) {
		cb := api.Get("onChange")
		if cb.Type() != js.TypeFunction {
			return
		}
		b, err := json.Marshal(mem.Export(id))
		if err == nil {
			cb.Invoke(id, string(b))
		}
	}
	api.Set("fetch", js.FuncOf(func(this js.Value, args []js.Value) any {
		method, url, body, lang := args[0].String(), args[1].String(), "", "en"
		if len(args) > 2 && args[2].Type() == js.TypeString {
			body = args[2].String()
		}
		if len(args) > 3 && args[3].Type() == js.TypeString {
			lang = args[3].String()
		}
		return promise(func() any {
			a := srv.Serve(context.Background(), method, url, lang, body)
			out := js.Global().Get("Object").New()
			out.Set("status", a.Status)
			out.Set("body", a.Body.String())
			return out
		})
	}))
	api.Set("open", js.FuncOf(func(this js.Value, args []js.Value) any {
		id, lang, onMessage, onClose := args[0].String(), args[1].String(), args[2], args[3]
		sock := &portSocket{in: make(chan string, 64), done: make(chan struct{}), onMessage: onMessage, onClose: onClose}
		go func() {
			room, err := mgr.Room(context.Background(), id)
			if err != nil {
				sock.Close(4004, err.Error())
				return
			}
			srv.Live(context.Background(), room, sock, lang)
			sock.CloseNow()
		}()
		conn := js.Global().Get("Object").New()
		conn.Set("send", js.FuncOf(func(this js.Value, args []js.Value) any {
			msg := args[0].String()
			go func() {
				select {
				case sock.in <- msg:
				case <-sock.done:
				}
			}()
			return nil
		}))
		conn.Set("close", js.FuncOf(func(this js.Value, args []js.Value) any {
			sock.CloseNow()
			return nil
		}))
		return conn
	}))
	api.Set("restore", js.FuncOf(func(this js.Value, args []js.Value) any {
		var k store.Kept
		if err := json.Unmarshal([]byte(args[0].String()), &k); err != nil {
			return err.Error()
		}
		mem.Import(k)
		return nil
	}))
	api.Set("unload", js.FuncOf(func(this js.Value, args []js.Value) any {
		mgr.Unload(args[0].String())
		return nil
	}))
	api.Set("bench", js.FuncOf(func(this js.Value, args []js.Value) any {
		playouts, iterations := args[0].Int(), args[1].Int()
		return promise(func() any {
			r, err := enginebench.Run(playouts, iterations)
			if err != nil {
				return err.Error()
			}
			b, _ := json.Marshal(r)
			return string(b)
		})
	}))
	api.Set("levels", js.FuncOf(func(this js.Value, args []js.Value) any {
		games, levels, positions := strings.Split(args[0].String(), ","), strings.Split(args[1].String(), ","), args[2].Int()
		return promise(func() any {
			r, err := enginebench.Levels(server.DefaultAgents, games, levels, positions)
			if err != nil {
				return err.Error()
			}
			b, _ := json.Marshal(r)
			return string(b)
		})
	}))
	js.Global().Set("tabulaEngine", api)
	select {}
}

// promise runs f off the JavaScript event loop (a search may take
// seconds) and resolves a Promise with its result.
func promise(f func() any) js.Value {
	return js.Global().Get("Promise").New(js.FuncOf(func(this js.Value, args []js.Value) any {
		resolve := args[0]
		go func() { resolve.Invoke(f()) }()
		return nil
	}))
}

// portSocket is a room's live connection with the page: messages come in
// by send and go out to onMessage, in order.
type portSocket struct {
	in        chan string
	done      chan struct{}
	closed    bool
	onMessage js.Value
	onClose   js.Value
}

var errClosed = errors.New("connection closed")

func (p *portSocket) Read(ctx context.Context) (bool, []byte, error) {
	select {
	case m := <-p.in:
		return true, []byte(m), nil
	case <-p.done:
		return false, nil, errClosed
	case <-ctx.Done():
		return false, nil, ctx.Err()
	}
}

func (p *portSocket) Write(ctx context.Context, msg []byte) error {
	if p.closed {
		return errClosed
	}
	p.onMessage.Invoke(string(msg))
	return nil
}

func (p *portSocket) Ping(ctx context.Context) error { return nil }

func (p *portSocket) Close(code int, reason string) {
	if p.closed {
		return
	}
	p.closed = true
	close(p.done)
	p.onClose.Invoke(code, reason)
}

func (p *portSocket) CloseNow() { p.Close(1006, "") }

var _ server.Socket = (*portSocket)(nil)
