#!/usr/bin/env bash
# Re-assignments behind && / || on another test, or in an if on the owner:
# whether they run is not static. The dry run proves what runs: bench's
# 256 does (GPU defaults to h100), the defaults do not (the owner is set).
# No fix may delete them (a dangling && would make the next line
# conditional).
set -euo pipefail
. "$(dirname "$0")/v.env"
port=8000
case "${1:-serve}" in
  serve) ;;
  bench)
    [[ ${GPU:-h100} == h100 ]] && VLLM_MAX_NUM_SEQS=256
    echo "bench mode"
    ;;
  kl)
    [[ ${GPU:-h100} == h100 ]] || VLLM_MAX_NUM_SEQS=128
    [[ -z ${VLLM_MAX_NUM_SEQS:-} ]] && VLLM_MAX_NUM_SEQS=32
    if [ -z "$VLLM_MAX_NUM_SEQS" ]; then VLLM_MAX_NUM_SEQS=16; fi
    port=8002
    ;;
esac
exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --port "$port" # want "bench boots with --max-num-seqs 256 where serve boots with 64"
