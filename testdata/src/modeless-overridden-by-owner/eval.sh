#!/usr/bin/env bash
# eval.sh's own 512 comes before the owner's copy, which the engine
# takes: the literal is dead. The fix deletes it (writing "$OWNER" into it
# would leave the flag twice).
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs 512 --max-num-seqs "$MAX_NUM_SEQS" --port 8003 # want "eval.sh passes its own --max-num-seqs 512, which the owner.s copy .line 6. overrides"
