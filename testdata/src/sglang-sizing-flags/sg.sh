#!/bin/bash
# SGLang's --max-total-tokens (the KV pool's tokens) and --dp-size (spelled
# --dp too: the replicas) size the boot as --max-running-requests and
# --tp-size do: kl's own values are its private shape; eval reads the
# owners, spelling data parallelism otherwise.
set -eu
. "$(dirname "$0")/sg.env"
launch() {
  python3 -m sglang_router.launch_server --model-path "$SG_MODEL" --tp "$SG_TP" \
    --max-running-requests "$SG_MAX_RUNNING_REQUESTS" "$@"
}
case "$1" in
  serve) launch --dp-size "$SG_DP_SIZE" --max-total-tokens "$SG_MAX_TOTAL_TOKENS" --port 30000 ;;
  kl) launch --dp 1 --max-total-tokens 65536 --port 30001 ;; # want "kl passes --dp 1; .*sg.env:3 owns it as SG_DP_SIZE=2" "kl boots with --dp 1 where serve boots with 2" "kl passes --max-total-tokens 65536; .*sg.env:5 owns it as SG_MAX_TOTAL_TOKENS=262144" "kl boots with --max-total-tokens 65536 where serve boots with 262144"
  eval) launch --dp "$SG_DP_SIZE" --max-total-tokens "$SG_MAX_TOTAL_TOKENS" --port 30002 ;;
esac
