#!/usr/bin/env bash
# calib-window.sh: the overnight calibration window, first cut.
# Boots the calib rig as a container, waits for it, pushes the corpus,
# puts production back and keeps the tap.
here=$(dirname "$0")
TAP=/taps/qwen38
BANK=/bank/qwen38
PORT=7770
RIG=frank-archon-calib

log() { echo "[$(date +%T)] $*"; }

log "boot calib rig"
# want+1 "boot `docker run -d --name \"\$RIG\" .*` is not checked: no set -e is in force, no \|\|, && or if examines it and \$\? is not kept, so a failed boot falls through into the health wait; a failed phase must stop the script, not fall through into the next \(law 6\) \(phasegate\)"
docker run -d --name "$RIG" --gpus all --network host \
  -e RADIANCE_CALIB_DIR="$TAP" -e RADIANCE_CALIB_TOKENS=40000000 -v /taps:/taps \
  radiance:2026.11.3 radiance serve /models/qwen38-a3b-bf16 --port "$PORT" --ngram-placement disk

log "wait for health"
until curl -sf "http://127.0.0.1:$PORT/health" >/dev/null; do # want "health wait `until curl -sf \"http://127.0.0.1:\$PORT/health\" >/dev/null` has no hard timeout: .*a window script waits for health with a hard timeout \(law 6\) \(phasegate\)"
  sleep 10
done

log "push corpus"
"$here/tap-push.sh" /corpus/calib.jsonl # want "push `\"\$here/tap-push.sh\" /corpus/calib.jsonl` is not checked: .*so a failed push falls through into stop, restore and banking; .*\(law 6\) \(phasegate\)"

log "stop rig"
docker stop "$RIG"
docker rm "$RIG"

log "restore service"
systemctl start radiance-serve

log "bank tap"
mkdir -p "$BANK"
tar -C "$TAP" -czf "$BANK/grams-$(date +%F).tgz" . # want "banks the tap with `tar -C \"\$TAP\" -czf .*` without checking the boot's exit status, the push's exit status or that the tap holds files; a window script banks the artifact only when both phases exited 0 and the tap holds files \(law 6\) \(phasegate\)"
log "window done"
