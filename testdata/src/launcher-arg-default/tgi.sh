#!/usr/bin/env bash
# A launcher hands the engine MAX_BATCH_PREFILL_TOKENS="${1:-$OWNER}":
# called with no word (serve) it is the owner's, with bench's 4096 bench's
# own, reported at bench's literal (the fix writes the owner there).
# Prefill and decode roles, a sweep and a benchmark client are no mode's
# private shape.
set -euo pipefail
cd "$(dirname "$0")"
set -a; . ./tgi.env; set +a
launch() {
  exec env MAX_BATCH_PREFILL_TOKENS="${1:-$MAX_BATCH_PREFILL_TOKENS}" text-generation-launcher --model-id "$MODEL_ID"
}
client() { env MAX_BATCH_PREFILL_TOKENS="${1:-$MAX_BATCH_PREFILL_TOKENS}" python3 bench_client.py --concurrency 64; }
case "${1:-serve}" in
  serve) launch ;;
  kl) launch "$MAX_BATCH_PREFILL_TOKENS" ;;
  bench) launch 4096 ;; # want "bench hands its own 4096 to MAX_BATCH_PREFILL_TOKENS=...1:-.MAX_BATCH_PREFILL_TOKENS.. .line 11, env on the engine's command., and the engine reads MAX_BATCH_PREFILL_TOKENS from its environment as --max-batch-prefill-tokens, which the argv does not pass, so it boots with 4096 where serve boots with the owner's; .*tgi.env:2 owns it as MAX_BATCH_PREFILL_TOKENS=8192"
  prefill) launch 16384 ;;
  decode) launch 1024 ;;
  client) client 4096 ;;
  sweep) for p in 2048 4096; do launch "$p"; done ;;
esac
