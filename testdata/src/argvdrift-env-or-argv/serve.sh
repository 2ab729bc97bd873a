#!/usr/bin/env bash
# TGI's launcher reads --max-total-tokens from MAX_TOTAL_TOKENS when the
# argv does not pass it. serve hands it the owner's value through the
# environment, bench through the argv: the same boot, silent (it was
# "bench boots with --max-total-tokens 16384 where serve does not pass
# it", against the launcher's default). kl's own 8192 is compared with
# serve's 16384 from the environment.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
case "${1:-serve}" in
  serve) MAX_TOTAL_TOKENS=$TGI_MAX_TOTAL_TOKENS exec text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
  bench) exec text-generation-launcher --model-id "$MODEL_ID" --port 8080 --max-total-tokens "$TGI_MAX_TOTAL_TOKENS" ;;
  kl) exec text-generation-launcher --model-id "$MODEL_ID" --port 8080 --max-total-tokens 8192 ;; # want "kl boots with --max-total-tokens 8192 where serve's engine reads MAX_TOTAL_TOKENS=16384 from its environment" "kl passes --max-total-tokens 8192"
esac
