#!/usr/bin/env bash
# A mode that re-assigns an env-read owner before a transient service
# (systemd-run without --scope) hands the engine nothing: the service
# starts in the manager's clean environment (as sudo's env_reset), no
# finding; the same before a plain exec boots with it.
set -euo pipefail
cd "$(dirname "$0")"
set -a; . ./tgi.env; set +a
case "${1:-serve}" in
  serve) exec systemd-run --user text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
  half) export MAX_BATCH_PREFILL_TOKENS=4096; exec systemd-run --user text-generation-launcher --model-id "$MODEL_ID" --port 8081 ;;
  plain) export MAX_BATCH_PREFILL_TOKENS=4096; exec text-generation-launcher --model-id "$MODEL_ID" --port 8081 ;; # want "plain re-assigns the owner MAX_BATCH_PREFILL_TOKENS=4096 inside the mode"
esac
