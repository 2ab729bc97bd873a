#!/usr/bin/env bash
# bash's exec -c starts the launcher with an empty environment: clean's
# own MAX_CONCURRENT_REQUESTS=256 never reaches it (no finding). exec -a
# NAME and -l change only the program's argv[0]: the launcher is the
# engine, and kl's and named's own values are their private shapes; eval
# reads the owner's.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
export MAX_CONCURRENT_REQUESTS
case "${1:-serve}" in
  serve) ;;
  clean) export MAX_CONCURRENT_REQUESTS=256
    exec -c text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens "$MAX_BATCH_PREFILL_TOKENS" ;;
  kl) exec -c text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens 4096 ;; # want "kl passes --max-batch-prefill-tokens 4096; .*tgi.env:3 owns it" "kl boots with --max-batch-prefill-tokens 4096 where serve boots with 8192"
  named) exec -a tgi text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens 2048 ;; # want "named passes --max-batch-prefill-tokens 2048; .*tgi.env:3 owns it" "named boots with --max-batch-prefill-tokens 2048 where serve boots with 8192"
  eval) exec -cl -a tgi text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens "$MAX_BATCH_PREFILL_TOKENS" ;;
esac
exec text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens "$MAX_BATCH_PREFILL_TOKENS"
