#!/bin/bash
# vLLM's --pipeline-parallel-size (spelled -pp too: the stages) sizes the
# boot as --data-parallel-size does: kl's own --pipeline-parallel-size 1 is
# its private shape; eval reads the owner (-pp V). ENABLE_PP is a switch the
# wrapper reads, no owner of the flag.
set -eu
. "$(dirname "$0")/vl.env"
launch() {
  vllm serve "$VL_MODEL" --tensor-parallel-size "$VL_TP" \
    --max-num-seqs "$VL_MAX_NUM_SEQS" "$@"
}
if [ "$ENABLE_PP" = 1 ]; then echo "pipeline parallel on"; fi
case "$1" in
  serve) launch --pipeline-parallel-size "$VL_PP_SIZE" --port 8000 ;;
  kl) launch --pipeline-parallel-size 1 --port 8001 ;; # want "kl passes --pipeline-parallel-size 1; .*vl.env:3 owns it as VL_PP_SIZE=2" "kl boots with --pipeline-parallel-size 1 where serve boots with 2"
  eval) launch -pp "$VL_PP_SIZE" --port 8002 ;;
esac
