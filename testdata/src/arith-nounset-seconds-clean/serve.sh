#!/usr/bin/env bash
# bash always sets SECONDS: the deadline's arithmetic read of it under
# set -u is no unbound read, and both modes are evaluated.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
deadline=$(( SECONDS + 600 ))
(( SECONDS < deadline ))
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --seed 0 ;;
esac
