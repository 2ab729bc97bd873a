#!/usr/bin/env bash
# serve hands the launcher a literal of its own, not the owner's: its boot
# is the owner's by value only, so privateshape has no owner's value to
# hold bench's to. The dry run still sees bench boot with 4096 where serve
# boots with 8192 (argvdrift, at bench's literal).
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
launch() { exec env MAX_BATCH_PREFILL_TOKENS="$1" text-generation-launcher --model-id "$MODEL_ID"; }
case "${1:-serve}" in
  serve) launch 8192 ;;
  bench) launch 4096 ;; # want "bench's engine reads MAX_BATCH_PREFILL_TOKENS=4096 from its environment .as --max-batch-prefill-tokens, which the argv does not pass. where serve's reads 8192.*argvdrift"
esac
