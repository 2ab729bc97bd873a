#!/bin/bash
# `cd … || exit` before pwd (shellcheck's SC2164 advice), and the builtins
# named as such: past the guard the cd succeeded.
here=$(builtin cd "$(dirname "$0")" || exit 1; builtin pwd)
. "$here/lab.env"
case ${1:-serve} in
  serve) exec vllm serve /m --max-num-seqs "$LAB_MAX_NUM_SEQS" --max-num-batched-tokens "$LAB_MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve /m --max-num-seqs "$LAB_MAX_NUM_SEQS" --max-num-batched-tokens 8192 ;; # want "kl passes --max-num-batched-tokens 8192; .*lab.env:2 owns it as LAB_MAX_NUM_BATCHED_TOKENS=2048" "kl boots with --max-num-batched-tokens 8192 where serve boots with 2048.*\(argvdrift\)"
esac
