#!/usr/bin/env bash
# Runs every test of Tabula on a fresh machine: installs what the tests
# need (Debian's chromium for the browser tests), then go test.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
	if [ "$(id -u)" = 0 ]; then
		echo "installing chromium for the browser tests..." >&2
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) ||
			echo "warning: could not install chromium; browser tests will fail" >&2
	else
		echo "warning: chromium is missing and this user cannot apt-get install it" >&2
	fi
fi
go mod download
go vet ./...
go test -count=1 "$@" ./...
