#!/usr/bin/env bash
# Times reconcilecheck against "go vet ./..." on the same packages of a
# project and prints the ratios.
#
#   hack/bench.sh /path/to/operator [packages] [runs]
#
# What is timed is the analysis, not the compiler: before each measured run
# both tools are rebuilt with a new build ID (go vet from $GOROOT/src/cmd/vet
# with -vettool, so it is the same analysis as plain "go vet"), which makes
# the go command's cached vet results unusable while compiled packages stay
# cached. Each run therefore analyses every package, dependencies included
# (facts), as after an upgrade of either tool; the "cached" line is a second
# run with nothing changed. Reported: median wall-clock seconds over [runs]
# (default 3) and the largest peak resident memory (KB) of any process of
# the run (GNU time follows the child processes the go command waits for).
#
# reconcilecheck is built static (CGO_ENABLED=0), as the README installs
# it; RC_CGO=1 measures the dynamically linked build of a plain go install.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
project="$(cd "${1:?usage: hack/bench.sh <project dir> [packages] [runs]}" && pwd)"
pkgs="${2:-./...}"
runs="${3:-3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

build() { # kind, nonce -> path of a freshly built binary
	local out="$tmp/$1-$2"
	case $1 in
	vet) go build -o "$out" -ldflags="-X main.benchNonce=$2" cmd/vet ;;
	rc) (cd "$repo" && CGO_ENABLED="${RC_CGO:-0}" go build -o "$out" -ldflags="-X main.benchNonce=$2" ./cmd/reconcilecheck) ;;
	esac
	echo "$out"
}

timed() { # command... -> "seconds peakKB"
	local tf="$tmp/time"
	(cd "$project" && /usr/bin/time -o "$tf" -f "%e %M" "$@" >/dev/null 2>&1) || true
	tail -1 "$tf"
}

median() { sort -n | sed -n "$(((runs + 1) / 2))p"; }

declare -A T M
for mode in govet standalone vettool; do T[$mode]=""; M[$mode]=0; done
for i in $(seq "$runs"); do
	n="$$-$i-$RANDOM"
	vet="$(build vet "$n")"
	rc="$(build rc "$n-a")"
	rc2="$(build rc "$n-b")" # its own build ID, so vettool mode misses the cache too
	for mode in govet standalone vettool; do
		case $mode in
		govet) r="$(timed go vet -vettool="$vet" "$pkgs")" ;;
		standalone) r="$(timed "$rc" "$pkgs")" ;;
		vettool) r="$(timed go vet -vettool="$rc2" "$pkgs")" ;;
		esac
		T[$mode]+="${r% *}"$'\n'
		((${r#* } > M[$mode])) && M[$mode]=${r#* }
	done
	# A second run of each with nothing changed: the go command's cache.
	if [ "$i" = "$runs" ]; then
		cached_vet="$(timed go vet -vettool="$vet" "$pkgs")"
		cached_rc="$(timed "$rc" "$pkgs")"
	fi
done

npkgs=$(cd "$project" && go list "$pkgs" 2>/dev/null | wc -l)
echo "project: $project ($npkgs packages, $runs runs; median seconds, peak KB)"
for mode in govet standalone vettool; do
	printf '%-11s %6s s %8s KB\n' "$mode" "$(printf '%s' "${T[$mode]}" | median)" "${M[$mode]}"
done
v="$(printf '%s' "${T[govet]}" | median)"
for mode in standalone vettool; do
	awk -v r="$(printf '%s' "${T[$mode]}" | median)" -v v="$v" -v m="$mode" \
		'BEGIN { if (v > 0) printf "ratio %s/go-vet: %.2f\n", m, r / v }'
done
echo "cached (nothing changed): go vet ${cached_vet% *} s, reconcilecheck ${cached_rc% *} s"
