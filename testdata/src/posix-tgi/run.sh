#!/bin/sh
# TGI launcher in POSIX sh: plain argv, continuation lines, no arrays.
. ./tgi.env

case "$1" in
  serve)
    exec text-generation-launcher \
      --model-id "$TGI_MODEL" \
      --max-batch-prefill-tokens "$TGI_MAX_BATCH_PREFILL_TOKENS" \
      --max-total-tokens "$TGI_MAX_TOTAL_TOKENS" \
      --port 8080
    ;;
  eval)
    exec text-generation-launcher \
      --model-id "$TGI_MODEL" \
      --max-batch-prefill-tokens 8192 \
      --max-total-tokens "$TGI_MAX_TOTAL_TOKENS" \
      --port 8081
    ;;
  *)
    echo "usage: run.sh serve|eval" >&2
    exit 2
    ;;
esac
# want@16 "eval boots with --max-batch-prefill-tokens 8192 where serve boots with 4096.*\(argvdrift\)" "eval passes --max-batch-prefill-tokens 8192; .*tgi.env:2 owns it as TGI_MAX_BATCH_PREFILL_TOKENS=4096"
