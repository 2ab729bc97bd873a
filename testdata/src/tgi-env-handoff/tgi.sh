#!/usr/bin/env bash
# TGI's launcher reads MAX_BATCH_PREFILL_TOKENS and MAX_TOTAL_TOKENS from
# its environment. serve and eval hand it the owners' values under the
# launcher's own names, by a prefix on its command, an export, or a prefix
# on the script's launcher function: the engine's name for the flag, as
# --max-batch-prefill-tokens "$TGI_MAX_BATCH_PREFILL_TOKENS" would be, no
# alias (found by R60). bench hands it a value of its own there: a drift of
# the boot the argv does not show.
set -euo pipefail
. "$(dirname "$0")/tgi.env"
launch() { text-generation-launcher --model-id "$TGI_MODEL" --port "$1"; }
case ${1:-serve} in
  serve)
    MAX_BATCH_PREFILL_TOKENS=$TGI_MAX_BATCH_PREFILL_TOKENS \
    MAX_TOTAL_TOKENS=$TGI_MAX_TOTAL_TOKENS \
      text-generation-launcher --model-id "$TGI_MODEL" --port 8080
    ;;
  eval)
    export MAX_BATCH_PREFILL_TOKENS="$TGI_MAX_BATCH_PREFILL_TOKENS" MAX_TOTAL_TOKENS="$TGI_MAX_TOTAL_TOKENS"
    text-generation-launcher --model-id "$TGI_MODEL" --port 8081 --json-output
    ;;
  probe)
    MAX_BATCH_PREFILL_TOKENS=$TGI_MAX_BATCH_PREFILL_TOKENS MAX_TOTAL_TOKENS=$TGI_MAX_TOTAL_TOKENS launch 8082
    ;;
  bench)
    MAX_BATCH_PREFILL_TOKENS=4096 MAX_TOTAL_TOKENS=$TGI_MAX_TOTAL_TOKENS text-generation-launcher --model-id "$TGI_MODEL" --port 8083 # want "bench's engine reads MAX_BATCH_PREFILL_TOKENS=4096 from its environment .as --max-batch-prefill-tokens, which the argv does not pass. where serve's reads 8192"
    ;;
esac
