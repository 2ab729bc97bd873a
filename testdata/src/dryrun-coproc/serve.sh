#!/usr/bin/env bash
# A coproc (a log follower) before the launch: the interpreter has no
# coprocesses, and the dry run abandoned every mode ("unhandled command
# node: *syntax.CoprocClause"). It runs as bash runs it, a background job
# whose pipes the script does not use here, so serve is evaluated and
# bench's 16 is compared with the env file's 64.
set -euo pipefail
source "$(dirname "$0")/serve.env"
coproc tail -f /var/log/gpu.log
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs 16 ;; # want "bench boots with --max-num-seqs 16 where serve boots with 64" "bench passes --max-num-seqs 16"
esac
