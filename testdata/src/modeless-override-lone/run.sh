#!/usr/bin/env bash
# The only script reading serve.env passes the owner's --max-num-seqs and
# then its own: still a second owner, but run.sh is the only boot there is,
# the shape that may have been measured: no fix deletes it.
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-seqs 512 --port 8001 # want "run.sh passes a second --max-num-seqs 512 that overrides the owner.s copy .line 6.; .*serve.env:2 owns it as MAX_NUM_SEQS=128 .no fix: no other script boots with the owner.s --max-num-seqs"
