#!/usr/bin/env bash
# A mode that clears the launcher's environment and hands it the owned keys
# again, each by its own "$K" word, boots with the owner's values: all is
# silent. half forgets MAX_CONCURRENT_REQUESTS (the launcher's default),
# and kl hands both, one with its own value. Two such words in a row were
# not seen through: no engine, no mode, no finding.
set -euo pipefail
cd "$(dirname "$0")"
set -a
. ./tgi.env
set +a
case "${1:-serve}" in
  serve) exec text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
  all) exec env -i PATH="$PATH" MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
  half) exec env -i PATH="$PATH" HOME="$HOME" MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;; # want "half's engine starts with a cleared environment that lacks MAX_CONCURRENT_REQUESTS .* where serve's reads 64"
  kl) MAX_BATCH_PREFILL_TOKENS=4096 # want "kl re-assigns the owner MAX_BATCH_PREFILL_TOKENS=4096 inside the mode and hands it to MAX_BATCH_PREFILL_TOKENS=.* \(line 17, env on the engine.s command\).* so it boots with 4096 where serve boots with the owner.s"
    exec env -i MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
esac
