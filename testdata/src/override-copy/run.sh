#!/usr/bin/env bash
# A mode re-assigns the owner key, and another passes a second copy of an
# owned flag after the shared one.
. "$(dirname "$0")/run.env"
mode=$1
case $mode in
  eval)
    MAX_NUM_BATCHED_TOKENS=2048 # want "eval re-assigns the owner MAX_NUM_BATCHED_TOKENS=2048 inside the mode, so --max-num-batched-tokens gets 2048; .*run.env:3 owns it as MAX_NUM_BATCHED_TOKENS=8192" "eval boots with --max-num-batched-tokens 2048 where serve boots with 8192.*\(argvdrift\)"
    ;;
esac
cmd=(vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
case $mode in
  serve) cmd+=(--port 8000) ;;
  eval) cmd+=(--port 8001 --max-num-seqs 4) ;; # want "eval passes a second --max-num-seqs 4 that overrides the shared one; .*run.env:2 owns it as MAX_NUM_SEQS=16" "eval boots with --max-num-seqs 4 where serve boots with 16.*\(argvdrift\)"
esac
"${cmd[@]}"
