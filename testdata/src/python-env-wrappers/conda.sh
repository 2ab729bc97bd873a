#!/usr/bin/env bash
# The engine runs inside a conda environment.
set -euo pipefail
. "$(dirname "$0")/pw.env"
case "${1:-serve}" in
  serve) exec conda run -n vllm --no-capture-output python -m vllm.entrypoints.openai.api_server \
           --model /m --max-num-seqs "$PW_MAX_NUM_SEQS" --max-num-batched-tokens "$PW_MAX_NUM_BATCHED_TOKENS" ;;
  bench) exec micromamba run -n vllm vllm serve /m \
           --max-num-seqs 256 --max-num-batched-tokens "$PW_MAX_NUM_BATCHED_TOKENS" ;;
esac
# want@9 "bench boots with --max-num-seqs 256 where serve boots with 64" "bench passes --max-num-seqs 256"
