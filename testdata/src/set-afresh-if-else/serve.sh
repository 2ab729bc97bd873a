#!/bin/sh
# Each branch sets the whole argv afresh with set --: bench's own
# --max-num-seqs "$MAX_NUM_SEQS" is no copy that the else branch overrides.
set -eu
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
if [ "$MODE" = "bench" ]; then
  set -- --model /srv/phi-3 --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens 16384 # want "bench boots with --max-num-batched-tokens 16384 where serve boots with 3072" "bench passes --max-num-batched-tokens 16384; .*serve.env:3 owns it"
else
  set -- --model /srv/phi-3 --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
fi
exec python3 -m vllm.entrypoints.openai.api_server "$@"
