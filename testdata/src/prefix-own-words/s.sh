#!/usr/bin/env bash
# A prefix assignment is not seen by its own command's words: bash expands
# "$VLLM_MAX_NUM_SEQS" before it assigns the prefix, so bench boots with
# the owner's 256 (it was "bench re-assigns the owner VLLM_MAX_NUM_SEQS=64
# inside the mode, so --max-num-seqs gets 64"). A function the command
# runs sees it: big boots with 32.
. "$(dirname "$0")/serve.env"
boot() { vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" "$@"; } # want "big boots with --max-num-seqs 32 where serve boots with 256"
case "${1:-serve}" in
  serve) exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" ;;
  bench) VLLM_MAX_NUM_SEQS=64 vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --port 8001 ;;
  big) VLLM_MAX_NUM_SEQS=32 boot --port 8002 ;; # want "big re-assigns the owner VLLM_MAX_NUM_SEQS=32"
esac
