#!/usr/bin/env bash
# bench.sh passes the owner's --max-num-seqs, then a second copy of
# its own that the engine takes: a private shape; the fix deletes it.
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-seqs 512 --port 8001 # want "bench.sh passes a second --max-num-seqs 512 that overrides the owner.s copy .line 5.; .*serve.env:2 owns it as MAX_NUM_SEQS=128"
