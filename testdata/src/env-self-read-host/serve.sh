#!/usr/bin/env bash
# serve.env's LEN and BT read the host's own values: bash gives 1 and ''
# only when the host lacks them, so no mode is compared at those numbers.
set -a
. "$(dirname "$0")/serve.env"
set +a
case "$1" in
  serve)
    exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$LEN" --max-num-batched-tokens "$BT" ;;
  bench)
    exec vllm serve /m --max-num-seqs 256 --max-model-len 4096 --max-num-batched-tokens 512 ;; # want "bench boots with --max-num-seqs 256 where serve boots with 64" "bench passes --max-num-seqs 256"
esac
