#!/usr/bin/env bash
# Runs the whole suite on real projects and prints one markdown row per
# project for docs/accuracy.md: commit, packages, findings per check, time.
#
#   hack/campaign.sh <outdir> <project dir>...
#
# Findings go to <outdir>/<project>.txt (deduplicated across a package and
# its test variant) to be read one by one. The time is the wall-clock of a
# second, warm run (the first one fills the go command's cache); hack/bench.sh
# compares it with go vet.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$(mkdir -p "${1:?usage: hack/campaign.sh <outdir> <project>...}" && cd "$1" && pwd)"
shift
bin="$out/reconcilecheck"
(cd "$repo" && go build -o "$bin" ./cmd/reconcilecheck)

echo "| project | commit | packages | findings by check | warm time (s) |"
echo "|---|---|---|---|---|"
for p in "$@"; do
	p="$(cd "$p" && pwd)"
	name="$(basename "$p")"
	commit="$(git -C "$p" rev-parse --short=10 HEAD 2>/dev/null || echo '?')"
	npkgs="$(cd "$p" && go list ./... 2>/dev/null | wc -l)"
	(cd "$p" && "$bin" -json ./... >"$out/$name.json" 2>"$out/$name.err") || true
	tf="$(mktemp)"
	(cd "$p" && /usr/bin/time -o "$tf" -f "%e" "$bin" -json ./... >/dev/null 2>&1) || true
	secs="$(tail -1 "$tf")"
	rm -f "$tf"
	counts="$(python3 - "$out/$name.json" "$out/$name.txt" <<'PY'
import json, sys, collections
data = open(sys.argv[1]).read()
dec, i, seen = json.JSONDecoder(), 0, set()
while i < len(data):
    while i < len(data) and data[i] in " \t\r\n":
        i += 1
    if i >= len(data):
        break
    if data[i] == "#":  # go vet's "# package" lines
        i = data.find("\n", i) + 1 or len(data)
        continue
    obj, i = dec.raw_decode(data, i)
    for pkg in obj.values():
        for check, diags in pkg.items():
            if isinstance(diags, dict):  # an analyzer error
                seen.add((check, "ERROR", diags.get("error", "")))
                continue
            for d in diags:
                seen.add((check, d["posn"], d["message"]))
by = collections.Counter(c for c, _, _ in seen)
with open(sys.argv[2], "w") as f:
    for c, posn, msg in sorted(seen):
        f.write(f"{posn}: {c}: {msg}\n")
print(", ".join(f"{c} {n}" for c, n in sorted(by.items())) or "none")
PY
)"
	echo "| $name | $commit | $npkgs | $counts | $secs |"
done
