#!/usr/bin/env bash
# Every mode boots with the env file's number behind a line-buffering
# launcher: nothing to report.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) unbuffer vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" | tee serve.log ;;
  bench) stdbuf -oL vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" | tee bench.log ;;
  *) exit 2 ;;
esac
