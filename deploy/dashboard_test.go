package deploy

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tabula/internal/connlimit"
	"tabula/internal/rooms"
	"tabula/internal/server"
	"tabula/internal/store"
)

// exported lists the metric families a server's /metrics has (histograms
// with their _bucket, _sum and _count series).
func exported(t *testing.T) map[string]bool {
	t.Helper()
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	mgr := rooms.NewManager(rooms.Config{Store: db, Log: log})
	defer mgr.Close()
	s := server.New(server.Config{Log: log, Rooms: mgr})
	rec := httptest.NewRecorder()
	s.Metrics(connlimit.New(connlimit.Config{Total: 1, PerAddr: 1}).Stats).ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	names := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^# TYPE (\S+) (\S+)$`).FindAllStringSubmatch(rec.Body.String(), -1) {
		names[m[1]] = true
		if m[2] == "histogram" {
			for _, suffix := range []string{"_bucket", "_sum", "_count"} {
				names[m[1]+suffix] = true
			}
		}
	}
	if len(names) < 10 {
		t.Fatalf("/metrics lists %d families:\n%s", len(names), rec.Body.String())
	}
	return names
}

// Every metric the Grafana dashboard queries and docs/deploy.md lists is
// one the server exports, and every tabula_ metric exported is listed.
func TestDashboardAndDocsNameExportedMetrics(t *testing.T) {
	names := exported(t)
	b, err := os.ReadFile("grafana-dashboard.json")
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Panels []struct {
			Title   string
			Targets []struct{ Expr string }
		}
	}
	if err := json.Unmarshal(b, &dash); err != nil {
		t.Fatalf("grafana-dashboard.json: %v", err)
	}
	metric := regexp.MustCompile(`\b(?:tabula|go)_[a-z_]+\b`)
	for _, p := range dash.Panels {
		for _, q := range p.Targets {
			for _, m := range metric.FindAllString(q.Expr, -1) {
				if !names[m] {
					t.Errorf("dashboard panel %q queries %s, which the server does not export", p.Title, m)
				}
			}
		}
	}
	doc, err := os.ReadFile(filepath.Join("..", "docs", "deploy.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(doc), "## Metrics")
	section, _, _ = strings.Cut(section, "\n## ")
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile("`(tabula_[a-z_]+)").FindAllStringSubmatch(section, -1) {
		listed[m[1]] = true
		if !names[m[1]] {
			t.Errorf("docs/deploy.md lists %s, which the server does not export", m[1])
		}
	}
	for n := range names {
		base := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(n, "_bucket"), "_sum"), "_count")
		if strings.HasPrefix(n, "tabula_") && !strings.HasPrefix(n, "tabula_process_") && !listed[n] && !listed[base] {
			t.Errorf("the server exports %s, which docs/deploy.md does not list", n)
		}
	}
}
