#!/usr/bin/env bash
# calib-window.sh: calibration window under set -e.
# errexit stops the window on a failed foreground phase, so the boot and the
# push need no || exit of their own. The rig runs detached, so the health
# wait checks that its container is still running.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

RIG=frank-archon-calib
IMAGE=radiance:2026.11.3
TAP_DIR=/taps/qwen38
BANK_URI=gs://rad-calib/qwen38
CORPUS=/corpus/calib.jsonl

log() { printf '[%(%T)T] %s\n' -1 "$*" >&2; }

boot_rig() {
  docker rm -f "$RIG" >/dev/null 2>&1 || true
  docker run -d --name "$RIG" --gpus all --network host \
    -e RADIANCE_CALIB_DIR="$TAP_DIR" -v /taps:/taps -v /cache:/cache \
    "$IMAGE" radiance serve /models/qwen38-a3b-bf16 --port 7770 --ngram-placement disk
}

wait_health() {
  local end=$((SECONDS + 900))
  while ! curl -fsS http://127.0.0.1:7770/health >/dev/null 2>&1; do
    if [[ "$(docker inspect -f '{{.State.Running}}' "$RIG")" != true ]]; then
      docker logs --tail 50 "$RIG" >&2
      log "rig exited during boot"
      exit 1
    fi
    ((SECONDS < end)) || { log "health deadline passed"; exit 1; }
    sleep 5
  done
}

log "window start"
boot_rig
wait_health
"$here/tap-push.sh" "$CORPUS"
docker stop "$RIG"
docker start radiance-serve

if compgen -G "$TAP_DIR/*.gram" >/dev/null; then
  gsutil -m rsync -r "$TAP_DIR" "$BANK_URI"
fi
cp "$TAP_DIR/manifest.json" "/bank/manifests/qwen38-$(date +%F).json" # want "banks the tap with `cp \"\$TAP_DIR/manifest.json\" .*` without checking that the tap holds files; .*\(law 6\) \(phasegate\)"
log "window done"
