#!/usr/bin/env bash
# push.sh: the endpoint is in a variable named for no hook: it may be the
# rig's, and the pusher is not gated.
set -euo pipefail
TAP_DIR=${RADIANCE_CALIB_DIR:-/taps/qwen38}
ENDPOINT=${ENDPOINT:-http://127.0.0.1:7770/v1/completions}
echo "pushing into $TAP_DIR" >&2
while IFS= read -r doc; do
  curl -fsS -d "$doc" "$ENDPOINT" >/dev/null # want "pushes into the calib tap with `curl -fsS -d \"\$doc\" \"\$ENDPOINT\"` without checking the rig's marker file"
done <"${1:?corpus}"
