#!/bin/bash
# trtllm-serve's --pp_size and --ep_size (pipeline and expert parallelism)
# size the boot as --tp_size does: kl's own values are its private shape;
# eval reads the owners (--pp_size=V too). ENABLE_EP is a switch the
# wrapper reads, no owner of --ep_size.
set -eu
. "$(dirname "$0")/trt.env"
launch() {
  trtllm-serve "$TRT_MODEL" --backend pytorch --tp_size "$TRT_TP_SIZE" \
    --max_batch_size "$TRT_MAX_BATCH_SIZE" "$@"
}
if [ "$ENABLE_EP" = 1 ]; then echo "expert parallel on"; fi
case "$1" in
  serve) launch --pp_size "$TRT_PP_SIZE" --ep_size "$TRT_EP_SIZE" --port 8000 ;;
  kl) launch --pp_size 1 --ep_size 2 --port 8001 ;; # want "kl passes --pp_size 1; .*trt.env:3 owns it as TRT_PP_SIZE=2" "kl boots with --pp_size 1 where serve boots with 2" "kl passes --ep_size 2; .*trt.env:4 owns it as TRT_EP_SIZE=4" "kl boots with --ep_size 2 where serve boots with 4"
  eval) launch --pp_size="$TRT_PP_SIZE" --ep_size "$TRT_EP_SIZE" --port 8002 ;;
esac
