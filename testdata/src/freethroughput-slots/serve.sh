#!/usr/bin/env bash
# llama-server's slots are free when idle, as a GPU or a port is; and a
# "free-" compound is a word of its own, not a claim (found by R60).
# "are free: the KV cache …" is a claim, though "cache" follows "free".
# - wait until all slots are free before restarting (GET /slots shows idle ones)
# - tokens generated for free-tier users are rate limited upstream
# - with -np 8, more slots are free: the scheduler packs them # want "comment claims \"are free\".*\(freethroughput\)"
# - more seats are free: the KV cache absorbs them # want "comment claims \"are free\".*\(freethroughput\)"
# - free up the KV cache between runs; the server frees slots when the cache is full
# - the batched tokens come for free with cont-batching # want "comment claims \"for free\".*\(freethroughput\)"
set -euo pipefail
. "$(dirname "$0")/serve.env"
restart_when_idle() {
  # poll until no slot is processing, i.e. every slot is free
  until [ "$(curl -fs localhost:8080/slots | jq '[.[] | select(.is_processing)] | length')" = 0 ]; do sleep 2; done
}
[ "${1:-}" = restart ] && restart_when_idle && pkill -x llama-server || true
exec llama-server -m "$GGUF" -c "$CTX_SIZE" -np "$PARALLEL" --cont-batching -ngl 99 --port 8080
