#!/usr/bin/env bash
# The env file is sourced under set -a: serve's launcher reads the owner's
# MAX_CONCURRENT_REQUESTS=64 from its environment. A prefix assignment on
# the engine's command, or env K=V in front of it, hands bench and load
# their own value, though their argv is serve's. The fix deletes the word:
# the launcher then inherits the owner's. A prefix assignment on another
# program (the bench client) sets that program's environment alone: the
# shell's value, and the engine's, are the owner's (no finding).
set -euo pipefail
cd "$(dirname "$0")"
set -a; . ./tgi.env; set +a
case "${1:-serve}" in
  serve) ;;
  bench) MAX_CONCURRENT_REQUESTS=256 exec text-generation-launcher --model-id "$MODEL_ID" ;; # want "bench sets its own MAX_CONCURRENT_REQUESTS=256 .a prefix assignment on the engine's command., and the engine reads MAX_CONCURRENT_REQUESTS from its environment as --max-concurrent-requests, which the argv does not pass, so it boots with 256 where serve boots with the owner's; .*tgi.env:2 owns it as MAX_CONCURRENT_REQUESTS=64"
  load) exec env MAX_CONCURRENT_REQUESTS=512 text-generation-launcher --model-id "$MODEL_ID" ;; # want "load sets its own MAX_CONCURRENT_REQUESTS=512 .env on the engine's command."
  client) MAX_CONCURRENT_REQUESTS=256 python3 bench_client.py --concurrency 256 ;;
esac
exec text-generation-launcher --model-id "$MODEL_ID"
