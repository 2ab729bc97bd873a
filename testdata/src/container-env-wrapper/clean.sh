#!/usr/bin/env bash
# env words in the container that boot serve's shape or are not read as
# the engine's: the owner's value handed on; env -i (what it hands is not
# its words alone); a key the engine does not read; an env word on the
# host before docker (the container does not get it).
set -euo pipefail
. "$(dirname "$0")/tgi.env"
case "${1:-serve}" in
  serve) docker exec tgi env MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" text-generation-launcher --model-id /m ;;
  same) docker exec tgi nohup env LOG_LEVEL=debug MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" text-generation-launcher --model-id /m ;;
  iso) docker exec tgi env -i MAX_BATCH_PREFILL_TOKENS=2048 text-generation-launcher --model-id /m ;;
  other) docker exec tgi env TGI_MAX_BATCH_PREFILL_TOKENS=2048 MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" text-generation-launcher --model-id /m ;;
  host) env MAX_BATCH_PREFILL_TOKENS=2048 docker exec tgi env MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" text-generation-launcher --model-id /m ;;
esac
