#!/bin/bash
# A logging helper names its caller: interp has no FUNCNAME, so under set -u
# "${FUNCNAME[1]}" stopped every mode ("unbound variable") before the engine.
set -euo pipefail
log() { echo "[$(date +%T)] ${FUNCNAME[1]}: $*" >&2; }
die() { log "error: $*"; exit 1; }
. "$(dirname "${BASH_SOURCE[0]}")/serve.env"
boot() {
  log "booting $MODEL on port $1"
  exec vllm serve "$MODEL" --port "$1" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
}
case "${1:-serve}" in
  serve) boot 8000 ;;
  kl) boot 8001 ;;
  *) die "unknown mode ${1:-}" ;;
esac
