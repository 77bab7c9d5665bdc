package deploy

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tabula/internal/servetest"

	"github.com/compose-spec/compose-go/v2/types"
)

// exactTag is an image pinned to an exact release (a three-part version,
// or the two-part one of Debian and PostgreSQL, with a variant) or a
// digest: golang:1.26, nginx:1.27 or debian:stable-slim move under one
// name.
var exactTag = regexp.MustCompile(`^[a-z0-9./-]+:\d+\.\d+\.\d+(-[a-z0-9]+)*(@sha256:[0-9a-f]{64})?$|^(debian|postgres):\d+\.\d+(-[a-z0-9]+)*$|@sha256:[0-9a-f]{64}$`)

// The Dockerfile's base images and Compose's images are pinned to exact
// releases (no registry is reachable here to look their digests up: the
// Dockerfile says how to add them).
func TestImagesArePinnedToReleases(t *testing.T) {
	b, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	froms := regexp.MustCompile(`(?m)^FROM (\S+)`).FindAllSubmatch(b, -1)
	if len(froms) < 2 {
		t.Fatalf("Dockerfile: %d FROM lines", len(froms))
	}
	for _, m := range froms {
		if !exactTag.Match(m[1]) {
			t.Errorf("Dockerfile: FROM %s is not an exact release", m[1])
		}
	}
	p := composeProject(t)
	for name, s := range p.Services {
		if s.Image != "" && s.Build == nil && !exactTag.MatchString(s.Image) {
			t.Errorf("compose.yaml, service %s: image %s is not an exact release", name, s.Image)
		}
	}
}

// digested is an image pinned by its digest as well as its tag.
var digested = regexp.MustCompile(`^[a-z0-9./-]+(:[A-Za-z0-9_.-]+)?@sha256:[0-9a-f]{64}$`)

// A release build pins every base image by digest (docs/deploy.md,
// "Releases"): a tag may be pushed again, a digest names one image. No
// registry was reachable where the images were pinned to releases, so
// the digests are not in the files; a release build runs this test with
// TABULA_RELEASE=1 and fails until they are. Elsewhere it is skipped,
// naming the images still without one.
func TestReleaseImagesArePinnedByDigest(t *testing.T) {
	var loose []string
	b, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`(?m)^FROM (\S+)`).FindAllSubmatch(b, -1) {
		if !digested.Match(m[1]) {
			loose = append(loose, "Dockerfile: FROM "+string(m[1]))
		}
	}
	for name, s := range composeProject(t).Services {
		if s.Image != "" && s.Build == nil && !digested.MatchString(s.Image) {
			loose = append(loose, "compose.yaml, service "+name+": "+s.Image)
		}
	}
	slices.Sort(loose)
	if len(loose) == 0 {
		return
	}
	if os.Getenv("TABULA_RELEASE") == "" {
		t.Skipf("not a release build (TABULA_RELEASE unset); without a digest: %s", strings.Join(loose, "; "))
	}
	for _, l := range loose {
		t.Errorf("%s: no @sha256 digest (docs/deploy.md, Releases)", l)
	}
}

// Compose runs the instances as the Kubernetes manifest does: read-only
// root, a tmpfs for temporary files, no capabilities, no new privileges.
func TestComposeInstancesAreHardened(t *testing.T) {
	p := composeProject(t)
	for _, name := range []string{"tabula1", "tabula2", "tabula3"} {
		s := p.Services[name]
		if !s.ReadOnly || !hasAll(s.Tmpfs, "/tmp") || !hasAll(s.CapDrop, "ALL") || !hasAll(s.SecurityOpt, "no-new-privileges:true") {
			t.Errorf("service %s: read_only %v, tmpfs %v, cap_drop %v, security_opt %v", name, s.ReadOnly, s.Tmpfs, s.CapDrop, s.SecurityOpt)
		}
		if s.Build == nil || s.Build.Args["REVISION"] == nil {
			t.Errorf("service %s: the build stamps no revision", name)
		}
	}
}

// composeProject is compose.yaml as `docker compose` loads it.
func composeProject(t *testing.T) *types.Project {
	t.Helper()
	c, err := os.ReadFile("compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := compose(t, c)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func hasAll(list types.StringList, want string) bool {
	for _, x := range list {
		if x == want {
			return true
		}
	}
	return false
}

// The Dockerfile's build stamps variables that exist (the linker ignores
// an -X of a name that does not), the tests' builds of tabula stamp the
// same (servetest.BuildFlags, one configuration for all of them), and a
// binary built so names its revision in `tabula version`.
func TestDockerfileStampsTheVersion(t *testing.T) {
	b, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	stamps := regexp.MustCompile(`-X (tabula/[a-z/]+)\.([A-Za-z]+)=\$\{REVISION\}`).FindAllSubmatch(b, -1)
	if len(stamps) == 0 {
		t.Fatal("the Dockerfile stamps no revision with -ldflags -X")
	}
	ldflags := servetest.BuildFlags[slices.Index(servetest.BuildFlags, "-ldflags")+1]
	for _, m := range stamps {
		pkg, name := string(m[1]), string(m[2])
		src, err := filepath.Glob(filepath.Join("..", strings.TrimPrefix(pkg, "tabula/"), "*.go"))
		if err != nil || len(src) == 0 {
			t.Fatalf("-X %s.%s: no package %s", pkg, name, pkg)
		}
		found := false
		for _, f := range src {
			text, _ := os.ReadFile(f)
			found = found || regexp.MustCompile(`(?m)^var `+name+` string`).Match(text)
		}
		if !found {
			t.Errorf("-X %s.%s: no such string variable", pkg, name)
		}
		if x := "-X " + pkg + "." + name + "=" + servetest.Stamp; !strings.Contains(ldflags, x) {
			t.Errorf("the tests' builds (servetest.BuildFlags %q) do not stamp %s", ldflags, x)
		}
	}
	if testing.Short() {
		t.Skip("building the binary")
	}
	out, err := exec.Command(servetest.Build(t), "version").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "revision "+servetest.Stamp) {
		t.Errorf("tabula version of a container-like build: %q %v, want the stamped revision", out, err)
	}
}
