#!/usr/bin/env bash
# Only kl insists on the draft model; every mode speculates with it when
# the host has it. The modes boot on one host: the draft the kl guard
# assumes is there for serve and bench too, so their argv match kl's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
die() { echo "$*" >&2; exit 1; }
MODE=${1:-serve}
[[ -d "$MODEL_PATH" ]] || die "no model at $MODEL_PATH"
args=(--model "$MODEL_PATH" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_BATCHED_TOKENS")
case "$MODE" in
  serve) args+=(--port 8000) ;;
  kl) [[ -d "$DRAFT_PATH" ]] || die "kl scores against the draft at $DRAFT_PATH"
      args+=(--port 8000) ;;
  bench) args+=(--port 8000 --max-num-seqs 32) ;; # want "bench passes a second --max-num-seqs 32" "bench boots with --max-num-seqs 32 where serve boots with 64"
  *) die "unknown mode $MODE" ;;
esac
if [[ -d "$DRAFT_PATH" ]]; then
  args+=(--speculative-model "$DRAFT_PATH")
fi
exec vllm serve "${args[@]}"
