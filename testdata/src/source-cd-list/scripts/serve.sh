#!/bin/bash
# The script's directory as a list, `$(cd DIR; pwd)`: the cd prints
# nothing, pwd prints the directory. lab.env beside the script owns the
# seats, so bench's 64 is the mode's own.
here=$(cd "$(dirname "$0")"; pwd)
source "$here/lab.env"
case ${1:-serve} in
  serve) exec vllm serve /m --max-num-seqs "$LAB_MAX_NUM_SEQS" --max-num-batched-tokens "$LAB_MAX_NUM_BATCHED_TOKENS" ;;
  bench) exec vllm serve /m --max-num-seqs 64 --max-num-batched-tokens "$LAB_MAX_NUM_BATCHED_TOKENS" ;; # want "bench passes --max-num-seqs 64; .*lab.env:1 owns it as LAB_MAX_NUM_SEQS=32" "bench boots with --max-num-seqs 64 where serve boots with 32.*\(argvdrift\)"
esac
