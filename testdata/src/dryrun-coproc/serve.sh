#!/usr/bin/env bash
# A coproc (a log follower) the modes reach: the interpreter has no
# coprocesses, and the dry run stopped with "unhandled command node:
# *syntax.CoprocClause". The info now says what stopped it.
set -euo pipefail
source "$(dirname "$0")/serve.env"
coproc tail -f /var/log/gpu.log
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;; # want "could not be evaluated \(construct not evaluated in the sandbox: serve.sh:7:1: coproc: the interpreter has no coprocesses\)"
  bench) exec vllm serve "$MODEL" --max-num-seqs 16 ;; # want "bench passes --max-num-seqs 16"
esac
