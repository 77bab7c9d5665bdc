//go:build !js

package store

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"tabula/internal/wire"
)

// A committed step is told to the other processes on Channel. A step
// that only appends events (a move, most of a game) carries them in the
// notification, so that a process with the room in memory at the step's
// version takes them without reading the store: with two instances,
// every move used to cost the other one a read of the room (four
// statements, a fifth of the database's time). Any other step, or one
// too long for a notification, is told as "ROOM VERSION", and the
// others read it.
//
// The events' form, "steps MAC ORIGIN ROOM FROM" and then each event on
// a line of its own, "KIND BODY": ORIGIN names the Postgres that sent it
// (which skips its own), and MAC is an HMAC of everything after it,
// keyed by a secret the processes share in the database (notifyKey).
// Anyone who may connect can notify the channel, but only those who may
// read the database can make events a process takes; a notification
// that does not verify is taken as a hint, "ROOM VERSION", that makes
// the room be read. Processes of an older version ignore this form and
// see these steps at their next poll.

// stepsPrefix starts the payload of a step that carries its events.
const stepsPrefix = "steps "

// maxPayload is under PostgreSQL's limit of a notification's payload
// (8,000 bytes with the default block size).
const maxPayload = 7900

// macLen is the length of a payload's MAC: 16 bytes of HMAC-SHA256 in
// unpadded base64.
const macLen = 22

// originLen is the length of a Postgres's name in payloads.
const originLen = 8

// newOrigin names a Postgres in the payloads it sends.
func newOrigin() string {
	b := make([]byte, originLen*3/4)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// notifyKey reads the database's key of notifications, making it on
// first use; tx holds the migrations' lock.
func notifyKey(ctx context.Context, tx pgx.Tx) ([]byte, error) {
	key := make([]byte, 32)
	rand.Read(key)
	if _, err := tx.Exec(ctx, `INSERT INTO secrets (name, value) VALUES ('notify', $1) ON CONFLICT (name) DO NOTHING`, key); err != nil {
		return nil, err
	}
	err := tx.QueryRow(ctx, `SELECT value FROM secrets WHERE name = 'notify'`).Scan(&key)
	return key, err
}

// payloadMAC is the MAC of body under key.
func payloadMAC(key []byte, body string) string {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(body))
	var sum [sha256.Size]byte
	return base64.RawURLEncoding.EncodeToString(h.Sum(sum[:0])[:16])
}

// stepPayload is the notification of st (stored): its events when it
// only appends events and they fit, else "ROOM VERSION".
func stepPayload(st *Step, origin string, key []byte) string {
	plain := st.Room + " " + strconv.Itoa(st.From+len(st.Events))
	if strings.ContainsAny(st.Room, " \n") || len(st.Seats) > 0 || st.ClearCommits || len(st.Commits) > 0 || st.Status != "" || st.Result != "" || st.Archive != nil {
		return plain
	}
	var b strings.Builder
	b.WriteString(origin + " " + st.Room + " " + strconv.Itoa(st.From))
	for _, e := range st.Events {
		if e.Kind == "" || strings.ContainsAny(string(e.Kind), " \n") || strings.ContainsRune(string(e.Body), '\n') {
			return plain
		}
		b.WriteString("\n" + string(e.Kind) + " ")
		b.Write(e.Body)
	}
	body := b.String()
	if len(stepsPrefix)+macLen+1+len(body) > maxPayload {
		return plain
	}
	return stepsPrefix + payloadMAC(key, body) + " " + body
}

// parseSteps reads a payload of the steps form. own is set for one that
// origin sent, verified when its MAC holds under key; a payload that is
// not of this form gives ok false.
func parseSteps(payload, origin string, key []byte) (room string, from int, events []Event, own, verified, ok bool) {
	rest, ok := strings.CutPrefix(payload, stepsPrefix)
	if !ok || len(rest) < macLen+1+originLen+1 || rest[macLen] != ' ' {
		return "", 0, nil, false, false, false
	}
	mac, body := rest[:macLen], rest[macLen+1:]
	if body[originLen] != ' ' {
		return "", 0, nil, false, false, false
	}
	if body[:originLen] == origin {
		return "", 0, nil, true, false, true
	}
	head, evs, _ := strings.Cut(body[originLen+1:], "\n")
	room, f, _ := strings.Cut(head, " ")
	from, err := strconv.Atoi(f)
	if err != nil || from < 0 || room == "" || len(room) > 64 || evs == "" {
		return "", 0, nil, false, false, false
	}
	for line := range strings.SplitSeq(evs, "\n") {
		kind, b, found := strings.Cut(line, " ")
		if !found || kind == "" {
			return "", 0, nil, false, false, false
		}
		events = append(events, Event{Version: from + len(events) + 1, Kind: wire.EventKind(kind), Body: []byte(b)})
	}
	verified = hmac.Equal([]byte(mac), []byte(payloadMAC(key, body)))
	return room, from, events, false, verified, true
}

// notifier tells the listeners of every process of committed steps, in
// batches: one transaction carries every change committed while the last
// one was being sent. Not in the steps' transactions: a transaction that
// notifies holds one lock of the whole database from its commit until the
// commit is on disk, so steps that notified would wait for each other's
// fsync instead of sharing one; and not one transaction a step, which
// cost each move a round trip and a commit. Its transactions do not wait
// for the disk (a notification does not outlive a crash anyway). If one
// fails, the others see the steps at their next poll.
type notifier struct {
	pool   *pgxpool.Pool
	origin string
	key    []byte
	mu     sync.Mutex
	next   []string // payloads to send, in commit order
	alone  alone    // under mu: whether any other process listens
	wake   chan struct{}
	stop   chan struct{}
	done   chan struct{}
	once   sync.Once
}

func newNotifier(pool *pgxpool.Pool, origin string, key []byte) *notifier {
	n := &notifier{pool: pool, origin: origin, key: key, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go n.run()
	return n
}

// add queues the news of st, stored, unless no other process listens.
func (n *notifier) add(st *Step) {
	n.mu.Lock()
	if n.alone.skip(st.Room, st.From+len(st.Events)) {
		n.mu.Unlock()
		return
	}
	n.mu.Unlock()
	n.queue(stepPayload(st, n.origin, n.key))
}

// queue queues payloads to send.
func (n *notifier) queue(payloads ...string) {
	n.mu.Lock()
	n.next = append(n.next, payloads...)
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

func (n *notifier) run() {
	defer close(n.done)
	var sending []string
	for {
		select {
		case <-n.wake:
		case <-n.stop:
			n.send(sending[:0]) // what came before Close
			return
		}
		sending = n.send(sending[:0])
	}
}

// send sends what is queued, using buf for it, and returns buf.
func (n *notifier) send(buf []string) []string {
	n.mu.Lock()
	buf, n.next = n.next, buf
	n.mu.Unlock()
	if len(buf) == 0 {
		return buf
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b := &pgx.Batch{}
	b.Queue(`BEGIN`)
	b.Queue(`SET LOCAL synchronous_commit TO off`)
	b.Queue(`SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`, Channel, buf)
	b.Queue(`COMMIT`) // after an error, the server skips to the end of the batch and rolls back
	_ = n.pool.SendBatch(ctx, b).Close()
	clear(buf)
	return buf
}

// close sends what is queued and stops.
func (n *notifier) close() {
	n.once.Do(func() { close(n.stop) })
	<-n.done
}
