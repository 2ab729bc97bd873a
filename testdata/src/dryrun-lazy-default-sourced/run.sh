#!/usr/bin/env bash
# Under set -u, a sourced library's "${SERVED_MODEL:-$MODEL_DIR}" with
# SERVED_MODEL set never reads MODEL_DIR, which only the local mode sets.
# The interpreter expanded the word first and stopped serve and bench
# ("MODEL_DIR: unbound variable"); the library's evaluated text reads
# MODEL_DIR only where bash would, so bench is evaluated and its 16
# compared with the env file's 8.
set -euo pipefail
. "$(dirname "$0")/d.env"
SERVED_MODEL=/models/llama
case "${1:-serve}" in
  local) MODEL_DIR=/local/llama; SERVED_MODEL= ;;
esac
. "$(dirname "$0")/lib.sh"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$D_MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs 16 ;;
  local) exec vllm serve "$MODEL" --max-num-seqs "$D_MAX_NUM_SEQS" ;;
esac
# want@17 "bench boots with --max-num-seqs 16 where serve boots with 8"
# want@17 "bench passes --max-num-seqs 16"
