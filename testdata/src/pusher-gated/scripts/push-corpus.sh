#!/usr/bin/env bash
# push-corpus.sh CORPUS_DIR: prefill every shard of a corpus through the calib
# rig. Progress-aware: skips shards already recorded in the tap's progress log.
set -uo pipefail
CALIB_DIR=${RADIANCE_CALIB_DIR:-/taps/qwen38}
URL=${URL:-http://127.0.0.1:7770}
shards=${1:?usage: push-corpus.sh CORPUS_DIR}

log() { echo "[push $(date +%T)] $*" >&2; }

# The rig writes container=, image= and pid= into the tap at boot and
# retires the marker when its boot exits non-zero.
check_rig() {
  local marker="$1/rig.marker" container
  [ -f "$marker" ] || { log "no marker in $1: no rig owns this tap"; return 1; }
  container=$(sed -n 's/^container=//p' "$marker")
  if [ -z "$container" ] || ! docker ps -q --filter "name=^${container}\$" --filter status=running | grep -q .; then
    log "marker names ${container:-nothing}, which is not running"
    return 1
  fi
}

post_shard() {
  local shard=$1
  jq -c '{prompt: .text, max_tokens: 1, temperature: 0}' "$shard" |
    while read -r body; do
      curl -fsS "$URL/v1/completions" -H 'Content-Type: application/json' -d "$body" >/dev/null || return 1
    done
}

check_rig "$CALIB_DIR" || exit 1
for shard in "$shards"/*.jsonl; do
  if grep -qxF "$shard" "$CALIB_DIR/progress.log" 2>/dev/null; then
    continue
  fi
  log "shard $shard"
  post_shard "$shard" || { log "shard $shard failed"; exit 1; }
  echo "$shard" >>"$CALIB_DIR/progress.log"
done
log "all shards pushed; tap holds $(du -sh "$CALIB_DIR" | cut -f1)"
