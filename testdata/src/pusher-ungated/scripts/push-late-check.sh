#!/usr/bin/env bash
# push-late-check.sh: sends a warm-up request before it checks the rig.
set -euo pipefail
CALIB_TAP=/taps/qwen38
ENDPOINT=http://127.0.0.1:7770/v1/completions

curl -fsS "$ENDPOINT" -d '{"prompt": "warm-up", "max_tokens": 1}' >/dev/null # want "pushes into the calib tap with `curl -fsS \"\$ENDPOINT\" -d .*` without checking the rig's marker file in the tap dir or that the container it names is running before its first request: .*\(tapmarker\)"
container=$(grep '^container=' "$CALIB_TAP/.rig" | cut -d= -f2)
docker inspect -f '{{.State.Running}}' "$container" | grep -q true
while read -r body; do
  curl -fsS "$ENDPOINT" -d "$body" >/dev/null
done </corpus/bodies.jsonl
