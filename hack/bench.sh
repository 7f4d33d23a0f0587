#!/usr/bin/env bash
# Times reconcilecheck against "go vet ./..." on the same packages of a
# project, warm cache, and prints the ratio.
#
#   hack/bench.sh /path/to/operator [packages] [runs]
#
# Builds ./cmd/reconcilecheck from this repository, runs both once to warm
# the build cache, then takes the median of [runs] (default 3) wall-clock
# times and the peak resident memory of each, as reported by GNU time.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
project="$(cd "${1:?usage: hack/bench.sh <project dir> [packages] [runs]}" && pwd)"
pkgs="${2:-./...}"
runs="${3:-3}"

bin="$(mktemp -d)/reconcilecheck"
(cd "$repo" && go build -o "$bin" ./cmd/reconcilecheck)

measure() { # label, command...
	local label=$1 times=() mems=() out tf
	shift
	tf=$(mktemp)
	"$@" >/dev/null 2>&1 || true # warm up
	for _ in $(seq "$runs"); do
		/usr/bin/time -o "$tf" -f "%e %M" "$@" >/dev/null 2>&1 || true
		out=$(tail -1 "$tf")
		times+=("${out% *}")
		mems+=("${out#* }")
	done
	rm -f "$tf"
	median_t=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
	max_m=$(printf '%s\n' "${mems[@]}" | sort -n | tail -1)
	echo "$label $median_t $max_m"
}

cd "$project"
npkgs=$(go list "$pkgs" 2>/dev/null | wc -l)
vet=$(measure "go-vet" go vet "$pkgs")
rc=$(measure "reconcilecheck" "$bin" "$pkgs")
vt=$(echo "$vet" | cut -d' ' -f2)
rt=$(echo "$rc" | cut -d' ' -f2)
echo "project: $project ($npkgs packages, $runs runs, median seconds, peak KB)"
echo "$vet"
echo "$rc"
awk -v r="$rt" -v v="$vt" 'BEGIN { if (v > 0) printf "ratio reconcilecheck/go-vet: %.2f\n", r / v }'
