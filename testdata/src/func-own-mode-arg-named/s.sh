#!/usr/bin/env bash
# Each branch of the script's case hands launch its own mode name: launch's
# $1 is the mode though every call writes its word out, and the kl branch
# inside launch is kl's alone.
. "$(dirname "$0")/fn.env"
launch() {
  local mode=$1
  if [[ $mode == kl ]]; then
    seqs=4 # want "kl boots with --max-num-seqs 4 where serve boots with 64.*\(argvdrift\)" "kl passes --max-num-seqs 4 through the mode-local seqs=4 \(line 9\) to --max-num-seqs \(line 13\); .*fn.env:1 owns it as FN_MAX_NUM_SEQS=64"
  else
    seqs=$FN_MAX_NUM_SEQS
  fi
  vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$FN_MAX_BATCHED_TOKENS"
}
if [ "$1" = serve ]; then
  launch serve
elif [ "$1" = kl ]; then
  launch kl
fi
