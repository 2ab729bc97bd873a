#!/usr/bin/env bash
# push-marker-only.sh: checks that a rig claimed the tap, but not that the
# rig is still up: a stale marker from a dead boot lets it push into
# production.
set -euo pipefail
tap=${TAP:-/taps/qwen38}
[ -e "$tap/.rig" ] || { echo "no rig marker in $tap" >&2; exit 1; }
. "$tap/.rig"
echo "pushing for container $container ($image)"
for f in /corpus/shards/*.json; do
  curl -fsS -X POST http://127.0.0.1:7770/v1/completions -H 'Content-Type: application/json' -d @"$f" >/dev/null # want "pushes into the calib tap with `curl -fsS -X POST .*` checking the tap's marker but not that the container it names is running: .*\(law 6\) \(tapmarker\)"
done
