#!/bin/bash
# vLLM's --data-parallel-size (spelled -dp too: the replicas) sizes the
# boot as --tensor-parallel-size does: kl's own -dp 1 is its private shape;
# eval reads the owner (--data_parallel_size=V). ENABLE_DP is a switch the
# wrapper reads, no owner of the flag.
set -eu
. "$(dirname "$0")/vl.env"
launch() {
  vllm serve "$VL_MODEL" --tensor-parallel-size "$VL_TP" \
    --max-num-seqs "$VL_MAX_NUM_SEQS" "$@"
}
if [ "$ENABLE_DP" = 1 ]; then echo "data parallel on"; fi
case "$1" in
  serve) launch --data-parallel-size "$VL_DP_SIZE" --port 8000 ;;
  kl) launch -dp 1 --port 8001 ;; # want "kl passes -dp 1; .*vl.env:3 owns it as VL_DP_SIZE=2" "kl boots with -dp 1 where serve boots with 2"
  eval) launch --data_parallel_size="$VL_DP_SIZE" --port 8002 ;;
esac
