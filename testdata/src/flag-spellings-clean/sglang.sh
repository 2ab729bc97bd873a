#!/bin/bash
# SGLang's --tp/--tp-size/--tensor-parallel-size and --dp/--dp-size/
# --data-parallel-size are two flags, each however spelled. Must stay clean.
. "$(dirname "$0")/owners.env"
case "$1" in
  serve) exec python3 -m sglang.launch_server --model-path /m --tp "$S_TP" --dp "$S_DP_SIZE" ;;
  kl) exec python3 -m sglang.launch_server --model-path /m --tp-size="$S_TP" --dp-size "$S_DP_SIZE" --port 1 ;;
  eval) exec python3 -m sglang.launch_server --model-path /m --tensor-parallel-size "$S_TP" --data-parallel-size="$S_DP_SIZE" --port 2 ;;
esac
