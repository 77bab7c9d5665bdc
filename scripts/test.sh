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
# Every analyzer of go vet, once: go test below runs no vet of its own
# (-vet=off; its curated checks are a subset of these), which would
# analyse every package a second time.
go vet ./...
short=()
[ "$mode" = quick ] && short=(-short)
# The full suite runs every benchmark once, as a test of it (the documented
# -bench commands name benchmarks: cmd/tabula's TestDocumentedGoTestsRun),
# but two of ai's, some 20 s each (slowBenchmarks there).
bench=()
[ "$mode" = full ] && [ $# = 0 ] && bench=(-bench . -benchtime 1x -skip '^Benchmark(MCTSGame|MCTSDeep)$')
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/testprogress" ./scripts/testprogress
packages=$(go list ./... | wc -l)
echo "go test ${short[*]} on $packages packages: a line per package as it finishes" >&2
# Two lines of go test side by side, since a run that benchmarks runs its
# packages one at a time: the browser tests, which take longest and wait
# on Chromium more than they compute, then the packages of servers and
# databases (late, below); and every other package. The browser tests go
# first in theirs (go test would run them last, web/e2e being last in the
# list); the late packages, some 60 s of the other line, keep both cores
# busy once the browser tests end, where the other line ran on alone for
# a minute and a half. testprogress reads both.
late=(./internal/failover ./internal/rooms ./internal/server ./internal/store ./scripts)
mkfifo "$bin/browser" "$bin/others"
{
	failed=0
	go test -json -count=1 -vet=off -timeout 30m "${short[@]}" "$@" ./web/e2e || failed=1
	go test -json -count=1 -vet=off -timeout 30m "${short[@]}" "${bench[@]}" "$@" "${late[@]}" || failed=1
	exit $failed
} >"$bin/browser" &
browser=$!
go test -json -count=1 -vet=off -timeout 30m "${short[@]}" "${bench[@]}" "$@" $(go list ./... | grep -v -e '/web/e2e$' $(printf -- '-e /%s$ ' "${late[@]#./}")) >"$bin/others" &
others=$!
status=0
"$bin/testprogress" -packages "$packages" "$bin/browser" "$bin/others" || status=1
wait "$browser" || status=1
wait "$others" || status=1
exit $status
