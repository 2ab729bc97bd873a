#!/usr/bin/env bash
# MAX_NUM_SEQS reads NUM_GPUS, which the file does not define: the host
# sets it, the value is not fixed, and no owner is claimed from it.
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 1 ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs 512 --port 2 ;;
esac
