package e2e

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"tabula/internal/wire"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"tabula/internal/pgtest"
	"tabula/internal/procs"
	"tabula/internal/servetest"
	"tabula/internal/store"
)

// nginxConf is deploy/nginx.conf after the template step of
// docs/deploy.md: the three instances' addresses and nginx's own put in
// place of tabula1:8080 ... and "listen 80;"; then, for the suite only,
// the request log and the TLS file it includes in dir. Each must occur
// exactly once; nothing else changes.
func nginxConf(conf string, upstreams [3]string, listen, dir string) (string, error) {
	return substitute("deploy/nginx.conf", conf, [][2]string{{"tabula1:8080", upstreams[0]}, {"tabula2:8080", upstreams[1]},
		{"tabula3:8080", upstreams[2]}, {"listen 80;", "listen " + listen + ";"},
		{"/var/log/nginx/tabula-access.log", filepath.Join(dir, "access.log")}, {"/etc/nginx/tabula-tls*.conf", filepath.Join(dir, "tls*.conf")}})
}

// substitute replaces each pair's first by its second in the text of
// file, which must hold each first exactly once.
func substitute(file, text string, subs [][2]string) (string, error) {
	for _, s := range subs {
		if n := strings.Count(text, s[0]); n != 1 {
			return "", fmt.Errorf("%s: %q occurs %d times, want once", file, s[0], n)
		}
		text = strings.Replace(text, s[0], s[1], 1)
	}
	return text, nil
}

// nginxFront runs deploy/nginx.conf in front of the three instances at
// ups (host:port), with deploy/nginx-tls.conf installed and a
// certificate of its own, and returns its plain and TLS base URLs and
// its directory (the request log is access.log there).
func nginxFront(t *testing.T, ups [3]string) (base, baseTLS, dir string) {
	t.Helper()
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", "deploy", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// Readable by nginx's workers, which drop root.
	dir, err := os.MkdirTemp("", "tabula-nginx")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	writeCert(t, dir)
	listen, listenTLS := freeAddr(t), freeAddr(t)
	tls, err := substitute("deploy/nginx-tls.conf", read("nginx-tls.conf"), [][2]string{{"listen 443 ssl", "listen " + listenTLS + " ssl"},
		{"/etc/ssl/tabula/fullchain.pem", filepath.Join(dir, "cert.pem")}, {"/etc/ssl/tabula/privkey.pem", filepath.Join(dir, "key.pem")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tls.conf"), []byte(tls), 0o644); err != nil {
		t.Fatal(err)
	}
	conf, err := nginxConf(read("nginx.conf"), ups, listen, dir)
	if err != nil {
		t.Fatal(err)
	}
	startNginx(t, dir, conf, listen)
	return "http://" + listen, "https://" + listenTLS, dir
}

// writeCert writes a self-signed certificate for 127.0.0.1 and its key
// into dir as cert.pem and key.pem.
func writeCert(t *testing.T, dir string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "tabula test"},
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kb, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string]*pem.Block{"cert.pem": {Type: "CERTIFICATE", Bytes: der}, "key.pem": {Type: "PRIVATE KEY", Bytes: kb}} {
		if err := os.WriteFile(filepath.Join(dir, name), pem.EncodeToMemory(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// workerConnections is the events block's worker_connections of
// deploy/nginx-main.conf, the size the guide asks for.
func workerConnections(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "deploy", "nginx-main.conf"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*worker_connections (\d+);`).FindSubmatch(b)
	if m == nil {
		t.Fatal("deploy/nginx-main.conf sets no worker_connections")
	}
	return string(m[1])
}

// needTool finds a program the test needs: without it the test is
// skipped, or fails when CI=true.
func needTool(t *testing.T, err error, what string) {
	t.Helper()
	if err == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s: %v (scripts/test.sh installs it)", what, err)
	}
	t.Skipf("%s: %v", what, err)
}

// startNginx runs Debian's nginx in the foreground with conf as the only
// file of its http block, from dir, with the events block sized as
// deploy/nginx-main.conf says, and waits until it accepts connections on
// addr.
func startNginx(t *testing.T, dir, conf, addr string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs nginx: not with -short")
	}
	bin, err := exec.LookPath("nginx")
	if err != nil {
		bin = "/usr/sbin/nginx"
		_, err = os.Stat(bin)
	}
	needTool(t, err, "nginx")
	if err := os.WriteFile(filepath.Join(dir, "tabula.conf"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	// What Debian's /etc/nginx/nginx.conf gives the http block, in dir.
	main := fmt.Sprintf(`worker_processes 1;
worker_rlimit_nofile 16384;
pid %[1]s/nginx.pid;
events { worker_connections %[2]s; }
http {
    access_log off;
    client_body_temp_path %[1]s/body;
    proxy_temp_path %[1]s/proxy;
    fastcgi_temp_path %[1]s/fastcgi;
    uwsgi_temp_path %[1]s/uwsgi;
    scgi_temp_path %[1]s/scgi;
    include %[1]s/tabula.conf;
}
`, dir, workerConnections(t))
	if err := os.WriteFile(filepath.Join(dir, "nginx.conf"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	logs := &servetest.LogBuffer{}
	cmd := exec.Command(bin, "-p", dir, "-c", filepath.Join(dir, "nginx.conf"), "-e", "stderr", "-g", "daemon off;")
	cmd.Stdout, cmd.Stderr = logs, logs
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// A test binary killed mid-run leaves no nginx behind: on SIGTERM
	// the master stops its workers.
	procs.DieWithParent(cmd, syscall.SIGTERM)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGQUIT)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
	})
	for deadline := time.Now().Add(20 * time.Second); ; {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
		select {
		case err := <-exited:
			t.Fatalf("nginx exited: %v\n%s", err, logs)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("nginx does not listen on %s:\n%s", addr, logs)
		}
	}
}

// freeAddr is a loopback address with a port free right now.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// clientFrom is an HTTP client whose connections come from the loopback
// address ip, so that nginx counts it as a client of its own.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	// nginx's TLS listener shows the test's own self-signed certificate.
	tlsConf := &tls.Config{InsecureSkipVerify: true}
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 16, TLSClientConfig: tlsConf}}
}

// flood sends up to n requests from ip, 8 at a time, and stops once it
// has been refused 20 times; it returns how many got 200 and 429.
func flood(base, ip string, n int) (ok, refused int) {
	c := clientFrom(ip)
	var mu sync.Mutex
	next := make(chan struct{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range next {
				res, err := c.Get(base + "/api/games")
				if err != nil {
					continue
				}
				res.Body.Close()
				mu.Lock()
				switch res.StatusCode {
				case http.StatusOK:
					ok++
				case http.StatusTooManyRequests:
					refused++
				}
				mu.Unlock()
			}
		})
	}
	for range n {
		mu.Lock()
		enough := refused >= 20
		mu.Unlock()
		if enough {
			break
		}
		next <- struct{}{}
	}
	close(next)
	wg.Wait()
	return ok, refused
}

// built is the tabula command of the tests that run `tabula serve`,
// built once for all of them (tabulaCommand) and removed by TestMain.
var built struct {
	once      sync.Once
	dir, path string
	err       error
}

// tabulaCommand builds the tabula command the first time a test asks.
func tabulaCommand(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "tabula-e2e-bin"); built.err == nil {
			built.path, built.err = servetest.BuildInto(built.dir)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// TestBehindNginx runs three instances on a throwaway PostgreSQL behind
// Debian's nginx with deploy/nginx.conf (only its addresses substituted),
// on a port other than 80, for two claims that share the servers (three
// instances and nginx cost more than either claim's own work): first a
// classroom behind one address (classroomBehindNginx), while all three
// instances serve; then a whole game through nginx while two of the
// instances go (gameBehindNginx).
func TestBehindNginx(t *testing.T) {
	parallelLong(t)
	db := pgtest.Database(t)
	bin := tabulaCommand(t)
	var ins [3]*servetest.Instance
	var ups [3]string
	for i := range ins {
		// nginx connects from 127.0.0.1: its X-Forwarded-For names the client.
		ins[i] = servetest.Start(t, bin, db, "--trusted-proxies", "127.0.0.1")
		ups[i] = strings.TrimPrefix(ins[i].URL, "http://")
	}
	base, baseTLS, dir := nginxFront(t, ups)
	t.Run("classroom", func(t *testing.T) { classroomBehindNginx(t, base, baseTLS, dir) })
	t.Run("game", func(t *testing.T) { gameBehindNginx(t, db, ins, base) })
}

// gameBehindNginx: a person plays a whole game against the computer in
// Chromium through nginx at base (Adji-Boto with six seeds a hole: never
// under ten moves of the person's first legal moves, whatever the
// computer plays, where ten hold the kill, the stop and the flood; some
// 21 on average against the greedy computer, 27 against the random one,
// at about 0.14 CPU-s a move); mid-game one instance is killed
// with SIGKILL and another stopped with SIGTERM, and the game goes on to
// its end with every move the person made stored once. A flood of
// requests from another client address is refused by nginx's rate limit
// (429) while the person's game goes on.
func gameBehindNginx(t *testing.T, db string, ins [3]*servetest.Instance, base string) {
	// A room against the computer, created through nginx.
	res, err := clientFrom("127.0.0.1").Post(base+"/api/rooms", "application/json",
		strings.NewReader(`{"game":"adji-boto","options":{"seeds":6},"seats":[{"kind":"person","name":"Ana"},{"kind":"computer","agent":"greedy"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var room struct {
		ID    string `json:"id"`
		Seats []struct {
			Link string `json:"link"`
		} `json:"seats"`
	}
	err = json.NewDecoder(res.Body).Decode(&room)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("creating a room through nginx: %d %v", res.StatusCode, err)
	}
	// The tab's time limit starts once the servers run (the build and the
	// database take long on a loaded machine).
	ctx := tabAt(t, base+room.Seats[0].Link, 3*time.Minute)
	// The room's WebSocket opens through nginx: the Origin (with its
	// port) matches the Host nginx passes on.
	waitFor(t, ctx, `(document.getElementById('room')||{dataset:{}}).dataset.conn === 'online'`, 20*time.Second)

	pgc, err := pgx.Connect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer pgc.Close(context.Background())
	moves, resent := 0, 0
	var stopped sync.WaitGroup
	var floodOK, floodRefused int
	for iter := 0; ; iter++ {
		if iter > 20000 {
			t.Fatalf("the game did not end after %d moves", moves)
		}
		drops := eval[string](t, ctx, `document.getElementById('room').dataset.drops`)
		st, v := roomStep(t, ctx)
		if st == "over" {
			break
		}
		if st != "moved" {
			waitFor(t, ctx, `(() => { const r = document.getElementById('room');
				return r.dataset.room !== 'open' || (r.dataset.conn === 'online' && !!document.querySelector('#legal:not([hidden]) button.move')); })()`, 30*time.Second)
			continue
		}
		// The move is in the log once the room's version passes v. A move
		// sent on a connection that was closing is not acknowledged, and
		// the page offers the turn again once it is back: the person
		// plays it again, unless the database has it (the page, just
		// back, may not show it yet).
		waitFor(t, ctx, fmt.Sprintf(`(() => { const r = document.getElementById('room'); return Number(r.dataset.version) > %d ||
			r.dataset.drops !== %q && r.dataset.conn === 'online' && !!document.querySelector('#legal:not([hidden]) button.move'); })()`, v, drops), 30*time.Second)
		if eval[int](t, ctx, `Number(document.getElementById('room').dataset.version)`) == v {
			var stored int
			if err := pgc.QueryRow(context.Background(), `SELECT version FROM rooms WHERE id = $1`, room.ID).Scan(&stored); err != nil {
				t.Fatal(err)
			}
			if stored == v {
				resent++
				continue
			}
			waitFor(t, ctx, fmt.Sprintf(`Number(document.getElementById('room').dataset.version) > %d`, v), 30*time.Second)
		}
		moves++
		switch moves {
		case 3:
			in := serving(t, pgc, room.ID, ins[:])
			in.Kill()
			t.Logf("move 3: the instance serving the person, %s, killed with SIGKILL", in.URL)
		case 6:
			in := serving(t, pgc, room.ID, ins[:])
			stopped.Go(in.Stop)
			t.Logf("move 6: the instance serving the person, %s, sent SIGTERM", in.URL)
		case 9:
			// Another client floods nginx while the game goes on.
			stopped.Go(func() { floodOK, floodRefused = flood(base, "127.0.0.2", 2000) })
		}
	}
	stopped.Wait()
	if moves < 9 {
		t.Fatalf("the game ended after %d moves, before the kill, the stop and the flood", moves)
	}
	t.Logf("%d moves through nginx (%d made again after a reconnection); the flood from 127.0.0.2: %d answered, %d refused", moves, resent, floodOK, floodRefused)
	if floodRefused == 0 {
		t.Errorf("nginx refused none of the flood's requests (%d answered)", floodOK)
	}
	if code := getFrom(t, "127.0.0.1", base+"/api/games"); code != http.StatusOK {
		t.Errorf("after the flood, another client gets %d", code)
	}

	// Nothing lost or doubled: the stored log has each of the person's
	// moves once, the game's end, and the version the page shows.
	pg, err := store.OpenPostgres(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	sn, err := pg.LoadRoom(context.Background(), room.ID)
	if err != nil {
		t.Fatal(err)
	}
	person := 0
	for i, se := range sn.Events {
		var e wire.Event
		if err := json.Unmarshal(se.Body, &e); err != nil {
			t.Fatal(err)
		}
		if e.Version != i+1 {
			t.Fatalf("event %d has version %d", i+1, e.Version)
		}
		if e.Kind == wire.KindTurn && slices.Contains(e.By, 0) {
			person++
		}
	}
	if sn.Room.Status != store.Finished || person != moves {
		t.Errorf("the room is %s with %d moves of the person stored; %d were made in the browser", sn.Room.Status, person, moves)
	}
	if v := eval[string](t, ctx, `document.getElementById('room').dataset.version`); v != fmt.Sprint(sn.Room.Version) {
		t.Errorf("the page shows version %s, the database has %d", v, sn.Room.Version)
	}
}

func getFrom(t *testing.T, ip, u string) int {
	t.Helper()
	res, err := clientFrom(ip).Get(u)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// serving returns the live instance whose connection plays the person's
// seat of room, from the presence it keeps in the database: a row of
// presence lives while its holder's row of holders does (waiting,
// bounded, until there is one).
func serving(t *testing.T, pgc *pgx.Conn, room string, ins []*servetest.Instance) *servetest.Instance {
	t.Helper()
	host, _ := os.Hostname()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		rows, _ := pgc.Query(context.Background(), `SELECT p.holder FROM presence p JOIN holders h ON h.holder = p.holder
			WHERE p.room = $1 AND p.seat = 0 AND h.expires > (extract(epoch from clock_timestamp()) * 1000)::bigint`, room)
		holders, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range ins {
			if !in.Dead.Load() && slices.Contains(holders, fmt.Sprintf("%s/%d", host, in.Pid())) {
				return in
			}
		}
	}
	t.Fatal("no live instance holds the person's connection")
	return nil
}
