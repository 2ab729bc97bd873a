#!/usr/bin/env bash
# Assignments that never reach the launch line: in a subshell, a command
# substitution, a pipeline stage, a background job, or a prefix on a
# command (bash keeps a prefix assignment for no command, builtins too).
# Every mode boots with the owner's value, as bash runs it. A function
# named by the command reads its prefix: bench's launch boots with 32.
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
launch() { exec vllm serve /m --max-num-seqs "$seqs"; } # want "bench passes --max-num-seqs 32 through the mode-local seqs=32" "bench boots with --max-num-seqs 32 where serve boots with 256"
case "$1" in
  serve) ;;
  sub) ( seqs=64; echo "trying $seqs" >&2 ) ;;
  subst) note=$(seqs=48; echo "$seqs") ;;
  pipe) echo 40 | read -r seqs ;;
  job) { seqs=16; sleep 1; } & ;;
  pre) seqs=8 true ;;
  builtin) seqs=4 : ;;
  bench) seqs=32 launch ;;
esac
exec vllm serve /m --max-num-seqs "$seqs"
