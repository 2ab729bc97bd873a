#!/usr/bin/env bash
# Re-assignments of the owner behind && / || on another test are private
# shapes under a condition (said so, and no fix deletes them: a dangling &&
# would make the next line conditional); defaults (a test of the owner
# itself) are left to the dry run, which proves what runs: bench's 256
# does (GPU defaults to h100).
set -euo pipefail
. "$(dirname "$0")/v.env"
port=8000
case "${1:-serve}" in
  serve) ;;
  bench)
    [[ ${GPU:-h100} == h100 ]] && VLLM_MAX_NUM_SEQS=256 # want "bench re-assigns the owner VLLM_MAX_NUM_SEQS=256 inside the mode under a condition" "bench boots with --max-num-seqs 256 where serve boots with 64"
    echo "bench mode"
    ;;
  kl)
    [[ ${GPU:-h100} == h100 ]] || VLLM_MAX_NUM_SEQS=128 # want "kl re-assigns the owner VLLM_MAX_NUM_SEQS=128 inside the mode under a condition"
    [[ -z ${VLLM_MAX_NUM_SEQS:-} ]] && VLLM_MAX_NUM_SEQS=32
    if [ -z "$VLLM_MAX_NUM_SEQS" ]; then VLLM_MAX_NUM_SEQS=16; fi
    port=8002
    ;;
esac
exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --port "$port"
