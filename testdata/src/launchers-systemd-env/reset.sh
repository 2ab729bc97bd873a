#!/usr/bin/env bash
# systemd-run without --scope starts the command as a transient service in
# the service manager's clean environment: neither mode's engine gets the
# exported MAX_BATCH_PREFILL_TOKENS, so half's halved value never reaches
# its boot and nothing differs (no finding; it was read as if inherited).
set -euo pipefail
cd "$(dirname "$0")"
set -a; . ./tgi.env; set +a
case "${1:-serve}" in
  serve) port=8080 ;;
  half) port=8081; MAX_BATCH_PREFILL_TOKENS=$((MAX_BATCH_PREFILL_TOKENS / 2)) ;;
esac
exec systemd-run --user --unit "tgi-$port" text-generation-launcher --model-id "$MODEL_ID" --port "$port"
