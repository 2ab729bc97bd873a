#!/usr/bin/env bash
# push-calib.sh CORPUS: stream a corpus into the calib tap's endpoint.
set -euo pipefail
TAP_DIR=${RADIANCE_CALIB_DIR:-/taps/qwen38}
URL=${URL:-http://127.0.0.1:7770}
corpus=${1:?usage: push-calib.sh CORPUS.jsonl}

log() { echo "[push] $*" >&2; }

mkdir -p "$TAP_DIR"
log "pushing $(wc -l <"$corpus") documents; tap $TAP_DIR"
n=0
jq -c '{prompt: .text, max_tokens: 1}' "$corpus" | while read -r body; do
  curl -fsS "$URL/v1/completions" -H 'Content-Type: application/json' -d "$body" >/dev/null # want "pushes into the calib tap with `curl -fsS \"\$URL/v1/completions\" .*` without checking the rig's marker file in the tap dir or that the container it names is running: a pusher refuses unless the tap dir holds the rig's marker file \(container=, image=, pid=\) and the container it names is running \(law 6\) \(tapmarker\)"
  n=$((n + 1))
done
log "done"
