#!/usr/bin/env bash
# A name the script reads itself is a second name of the owner, whatever
# the engine reads from its environment.
set -euo pipefail
. "$(dirname "$0")/tgi.env"
export MAX_TOTAL_TOKENS=$TGI_MAX_TOTAL_TOKENS # want "MAX_TOTAL_TOKENS is an alias of TGI_MAX_TOTAL_TOKENS"
exec text-generation-launcher --model-id "$TGI_MODEL" --max-total-tokens "$MAX_TOTAL_TOKENS" --max-batch-prefill-tokens "$TGI_MAX_BATCH_PREFILL_TOKENS" # want "reads MAX_TOTAL_TOKENS, an alias of TGI_MAX_TOTAL_TOKENS"
