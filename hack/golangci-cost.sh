#!/usr/bin/env bash
# Measures what reconcilecheck adds to a golangci-lint run: time and peak
# resident memory of "default: standard" with and without the plugin, on
# the same packages, each with an empty golangci-lint cache.
#
#   hack/golangci-cost.sh /path/to/operator [packages]
#
# The golangci-lint is the one tools/golangci-lint builds (v2 with the
# module plugin compiled in); the project's own .golangci.yml is ignored.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
project="$(cd "${1:?usage: hack/golangci-cost.sh <project dir> [packages]}" && pwd)"
pkgs="${2:-./...}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

go -C "$repo/tools/golangci-lint" build -o "$tmp/golangci-lint" .

cat >"$tmp/standard.yml" <<'YML'
version: "2"
run:
  tests: true
linters:
  default: standard
YML
cat >"$tmp/with.yml" <<'YML'
version: "2"
run:
  tests: true
linters:
  default: standard
  enable:
    - reconcilecheck
  settings:
    custom:
      reconcilecheck:
        type: module
        description: bugs of controller-runtime reconcilers
YML

echo "| configuration | time (s) | peak memory (MB) | issues |"
echo "|---|---|---|---|"
for cfg in standard with; do
	cache="$tmp/cache-$cfg"
	(cd "$project" && GOLANGCI_LINT_CACHE="$cache" /usr/bin/time -o "$tmp/time" -f "%e %M" \
		"$tmp/golangci-lint" run --config "$tmp/$cfg.yml" --output.json.path "$tmp/$cfg.json" \
		--output.text.path /dev/null --issues-exit-code 0 "$pkgs" >/dev/null 2>"$tmp/$cfg.err") ||
		{ cat "$tmp/$cfg.err" >&2; exit 1; }
	read -r secs kb <"$tmp/time"
	issues="$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1])).get("Issues") or []))' "$tmp/$cfg.json")"
	echo "| $cfg | $secs | $((kb / 1024)) | $issues |"
done
