#!/usr/bin/env bash
# systemd-run --scope forks the command itself, with the caller's
# environment; -E NAME hands a service the caller's value: half's halved
# MAX_BATCH_PREFILL_TOKENS reaches its boot either way.
set -euo pipefail
cd "$(dirname "$0")"
set -a; . ./tgi.env; set +a
case "${1:-serve}" in
  serve) exec systemd-run --user --scope text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
  half) MAX_BATCH_PREFILL_TOKENS=$((MAX_BATCH_PREFILL_TOKENS / 2)); exec systemd-run --user --scope text-generation-launcher --model-id "$MODEL_ID" --port 8081 ;; # want "half.s engine reads MAX_BATCH_PREFILL_TOKENS=4096 from its environment .* where serve.s reads 8192"
  third) MAX_BATCH_PREFILL_TOKENS=$((MAX_BATCH_PREFILL_TOKENS / 3)); exec systemd-run --user -E MAX_BATCH_PREFILL_TOKENS text-generation-launcher --model-id "$MODEL_ID" --port 8082 ;; # want "third.s engine reads MAX_BATCH_PREFILL_TOKENS=2730 from its environment .* where serve.s reads 8192"
esac
