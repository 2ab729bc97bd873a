#!/usr/bin/env bash
# A launcher every mode calls hands the engine MAX_BATCH_PREFILL_TOKENS with
# env K="$1": serve passes the owner's, bench a literal of its own, which
# sizes its boot though the argv is serve's (the fix writes the owner
# there). A sweep's values and a benchmark client's are no mode's shape.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
launch() {
  exec env MAX_BATCH_PREFILL_TOKENS="$1" text-generation-launcher --model-id "$MODEL_ID" --port "$2"
}
client() { env MAX_BATCH_PREFILL_TOKENS="$1" python3 bench_client.py --concurrency 64; }
case "${1:-serve}" in
  serve) launch "$MAX_BATCH_PREFILL_TOKENS" 8080 ;;
  bench) launch 4096 8081 ;; # want "bench hands its own 4096 to MAX_BATCH_PREFILL_TOKENS=.\$1. .line 10, env on the engine's command., and the engine reads MAX_BATCH_PREFILL_TOKENS from its environment as --max-batch-prefill-tokens, which the argv does not pass, so it boots with 4096 where serve boots with the owner's; .*tgi.env:2 owns it as MAX_BATCH_PREFILL_TOKENS=8192"
  client) client 4096 ;;
  sweep) for p in 2048 4096; do launch "$p" 8082; done ;;
esac
