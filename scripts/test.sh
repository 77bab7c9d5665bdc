#!/usr/bin/env bash
# Runs every test of Tabula on a fresh machine: installs what the tests
# need (Debian's chromium for the browser tests), then go vet and go test,
# with a line per package as it finishes (scripts/testprogress).
#
#   bash scripts/test.sh            the full suite (CI: .ci/run)
#   bash scripts/test.sh quick      go test -short: no browser, no
#                                   PostgreSQL, no nginx, no long run
#
# Further arguments go to go test (bash scripts/test.sh quick -run TestX).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=full
if [ "${1:-}" = quick ]; then
	mode=quick
	shift
fi
if [ "$mode" = full ]; then
	# Debian packages the tests need: chromium-headless-shell (the browser
	# tests; chromium, the desktop browser of the same build, plays one game
	# of its own: web/e2e/browser_test.go), postgresql
	# (the tests start and remove a throwaway cluster of their own; see
	# internal/pgtest), nginx (web/e2e runs deploy/nginx.conf in front of
	# three instances, in a directory of its own), time (scripts/cpubench.sh
	# measures CPU time with /usr/bin/time) and poppler-utils (pdfinfo and
	# pdftotext read back the PDFs of tabula print). Installed only when missing.
	need=()
	command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell)
	command -v chromium >/dev/null 2>&1 || need+=(chromium)
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
	command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
	[ -x /usr/bin/time ] || need+=(time)
	command -v pdfinfo >/dev/null 2>&1 || need+=(poppler-utils)
	if [ ${#need[@]} -gt 0 ]; then
		if [ "$(id -u)" = 0 ]; then
			echo "installing ${need[*]} for the tests..." >&2
			(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null) ||
				echo "warning: could not install ${need[*]}; the tests that need them will fail" >&2
		else
			echo "warning: ${need[*]} missing and this user cannot apt-get install them" >&2
		fi
	fi
	# axe-core, which the browser tests inject into the pages, from the npm
	# registry at the version pinned in web/e2e/package-lock.json.
	if [ ! -f web/e2e/node_modules/axe-core/axe.min.js ]; then
		if command -v npm >/dev/null 2>&1; then
			(cd web/e2e && npm ci --no-audit --no-fund --silent) ||
				echo "warning: npm ci failed in web/e2e; the accessibility checks will fail" >&2
		else
			echo "warning: npm missing; the accessibility checks will fail" >&2
		fi
	fi
fi
go mod download
# Every analyzer of go vet, once: the tests below run no vet of their own
# (-vet=off; go test's curated checks are a subset of these), which would
# analyse every package a second time.
go vet ./...

# The packages with tests, "import path<TAB>directory" each.
mapfile -t pkgs < <(go list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{"\t"}}{{.Dir}}{{end}}' ./...)
# Their test binaries, linked once and kept between runs of this checkout
# (go relinks one only when something it is built from changed): linking
# all of them takes 26 CPU-s on a quiet 2-core machine, which every run
# paid. Without DWARF (-w): a failure's stack still names files and
# lines; linking them all with it took 45. Packages of one name (games/tamman and
# lab/tamman) go to directories of their own, since go test -c names a
# binary by the package's last element. -pgo=off: cmd/tabula's profile
# (default.pgo) would build its test binary's every package a second time,
# with the profile; the tests' builds of the command go without it too
# (servetest.BuildFlags), and it changes speed, not behaviour.
cache=${XDG_CACHE_HOME:-$HOME/.cache}/tabula-tests/testbin-$(pwd -P | sha256sum | cut -c1-12)
mkdir -p "$cache"
pwd -P >"$cache/checkout"
# The binaries of a checkout that is gone (some 500 MB each) go with it.
for other in "${cache%/*}"/testbin-*/; do
	[ -f "$other/checkout" ] && [ ! -d "$(cat "$other/checkout")" ] && rm -rf "$other"
done
declare -A seen exe dir
groups=()
for line in "${pkgs[@]}"; do
	pkg=${line%%$'\t'*}
	name=${pkg##*/}
	g=$((${seen[$name]:-0} + 1))
	seen[$name]=$g
	groups[$g]+=" $pkg"
	exe[$pkg]=$cache/$g/$name.test
	dir[$pkg]=${line#*$'\t'}
done
echo "building the test binaries of ${#pkgs[@]} packages (on a cold build cache, minutes)..." >&2
for g in "${!groups[@]}"; do
	mkdir -p "$cache/$g"
	# shellcheck disable=SC2086 # the group's packages, one word each
	go test -c -vet=off -pgo=off -ldflags=-w -o "$cache/$g/" ${groups[$g]} >/dev/null
done

# Arguments after the mode go to the test binaries: -run X is -test.run X.
args=()
for a in "$@"; do
	case $a in
	-test.* | [^-]*) args+=("$a") ;;
	-*) args+=("-test.${a#-}") ;;
	esac
done
[ "$mode" = quick ] && args=(-test.short "${args[@]}")
# The full suite runs every benchmark once, as a test of it (the documented
# -bench commands name benchmarks: cmd/tabula's TestDocumentedGoTestsRun),
# but two of ai's, some 20 s each (slowBenchmarks there).
bench=()
[ "$mode" = full ] && [ $# = 0 ] && bench=(-test.bench . -test.benchtime 1x -test.skip '^Benchmark(MCTSGame|MCTSDeep)$')
# test2json is built at its first use and kept in Go's build cache.
go tool test2json -h >/dev/null 2>&1 || true
test2json=$(go tool -n test2json)

# run PKG...: each package's test binary in its directory, one after
# another, as go test runs them (its events through test2json, as go test
# -json gives them); fails if one failed.
run() {
	local failed=0 pkg
	for pkg in "$@"; do
		(cd "${dir[$pkg]}" && "$test2json" -t -p "$pkg" "${exe[$pkg]}" -test.v=test2json -test.paniconexit0 \
			-test.count=1 -test.timeout=30m "${args[@]}" </dev/null) || failed=1
	done
	return $failed
}

bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/testprogress" ./scripts/testprogress
echo "the tests of ${#pkgs[@]} packages${args[*]:+ (${args[*]})}: a line per package as it finishes" >&2
# Two lines of tests side by side: the browser tests, which take longest
# and wait on Chromium more than they compute, then the packages of
# servers and databases (late, below), all at once; and every other
# package, in go list's order. The late packages wait on leases, time
# limits and PostgreSQL more than they compute (some 60 CPU-s in 150 s
# one after another): side by side they keep both cores busy once the
# browser tests end, where the other line would run on alone.
# testprogress reads every line, each from a FIFO of its own.
late=(tabula/internal/failover tabula/internal/rooms tabula/internal/server tabula/internal/store tabula/scripts)
others=()
for line in "${pkgs[@]}"; do
	pkg=${line%%$'	'*}
	[[ $pkg = tabula/web/e2e || " ${late[*]} " = *" $pkg "* ]] || others+=("$pkg")
done
fifos=("$bin/browser" "$bin/others")
for i in "${!late[@]}"; do
	fifos+=("$bin/late$i")
done
mkfifo "${fifos[@]}"
(
	failed=0
	run tabula/web/e2e >"$bin/browser" || failed=1
	args+=("${bench[@]}")
	for i in "${!late[@]}"; do
		run "${late[$i]}" >"$bin/late$i" &
	done
	for i in "${!late[@]}"; do
		wait -n || failed=1
	done
	exit $failed
) &
browser=$!
(args+=("${bench[@]}") && run "${others[@]}") >"$bin/others" &
others=$!
# killtree PID ends a process and everything it started, children first.
killtree() {
	local child
	for child in $(pgrep -P "$1"); do killtree "$child"; done
	kill "$1" 2>/dev/null || true
}
status=0
"$bin/testprogress" -packages "${#pkgs[@]}" "${fifos[@]}" || status=$?
# testprogress exits 1 when a test failed, having read every FIFO to its
# end; any other failure (it could not open one, or died) leaves runs
# that would wait on their FIFOs for ever: they are ended instead.
if [ "$status" -gt 1 ]; then
	echo "scripts/test.sh: testprogress failed ($status): the runs still going are stopped" >&2
	killtree "$browser"
	killtree "$others"
fi
[ "$status" = 0 ] || status=1
wait "$browser" || status=1
wait "$others" || status=1
exit $status
