#!/usr/bin/env bash
# TGI's launcher reads its shape from the environment where the argv does
# not pass the flag, and tgi.env is sourced under set -a: every mode's
# launcher boots with the owner's values unless the mode changes them.
# half computes its value at run time (no literal for privateshape): the
# dry run sees its engine boot with 4096 where serve's boots with 8192. A
# mode's literal is privateshape's (reported once, not again by argvdrift).
# A sweep boots once per value, by design; a value the dry run cannot know
# (a command's output, the caller's empty one) is not compared.
set -euo pipefail
cd "$(dirname "$0")"
set -a; . ./tgi.env; set +a
case "${1:-serve}" in
  serve) ;;
  half) MAX_BATCH_PREFILL_TOKENS=$((MAX_BATCH_PREFILL_TOKENS / 2)) ;; # want "half's engine reads MAX_BATCH_PREFILL_TOKENS=4096 from its environment .as --max-batch-prefill-tokens, which the argv does not pass. where serve's reads 8192; the argv is the proven mode's, the boot is not .*tgi.env:3 owns it as MAX_BATCH_PREFILL_TOKENS=8192. .argvdrift."
  bench) MAX_CONCURRENT_REQUESTS=256 ;; # want "bench re-assigns the owner MAX_CONCURRENT_REQUESTS=256 inside the mode.*privateshape"
  sweep) for p in 2048 4096; do MAX_BATCH_PREFILL_TOKENS=$p text-generation-launcher --model-id "$MODEL_ID" --port 8081; done; exit 0 ;;
  probe) MAX_BATCH_PREFILL_TOKENS=$(curl -s http://localhost:9000/prefill) ;;
  caller) MAX_CONCURRENT_REQUESTS=${CALLER_REQS:-} ;;
esac
exec text-generation-launcher --model-id "$MODEL_ID"
