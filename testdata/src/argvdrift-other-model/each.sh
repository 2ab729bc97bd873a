#!/usr/bin/env bash
# each boots every model of a list in turn: no one model, none of them
# serve's by being written so; its own seats are its own (both rules).
. "$(dirname "$0")/vllm.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  each)
    while read -r url; do
      vllm serve "$url" --max-num-seqs 256 &
      pid=$!; kill "$pid"; wait "$pid" || true
    done < "$(dirname "$0")/models.txt" ;;
esac
