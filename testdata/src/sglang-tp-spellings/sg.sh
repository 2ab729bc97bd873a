#!/bin/bash
# SGLang's --tensor-parallel-size is --tp-size (and --tp): kl passes the
# same tensor parallelism spelled otherwise, no drift ("kl boots without
# --tp where serve passes 4" was reported). eval's router boots two
# data-parallel replicas (--dp-size 2) where serve boots one: another shape.
. "$(dirname "$0")/sg.env"
case "$1" in
  serve) python3 -m sglang.launch_server --model-path /m --tp "$SG_TP" --max-running-requests "$SG_MAX_RUNNING_REQUESTS" ;;
  kl) python3 -m sglang.launch_server --model-path /m --tensor-parallel-size "$SG_TP" --max-running-requests "$SG_MAX_RUNNING_REQUESTS" --port 30001 ;;
  eval) python3 -m sglang_router.launch_server --model-path /m --dp-size 2 --tp-size "$SG_TP" --max-running-requests 16 ;; # want "eval passes --max-running-requests 16; .*owns it as SG_MAX_RUNNING_REQUESTS=64" "eval boots with --max-running-requests 16 where serve boots with 64" "eval boots with --dp-size 2 where serve does not pass it"
esac
