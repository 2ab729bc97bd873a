#!/bin/sh
# POSIX sh: `export SEQS=4` is a command there, not a declaration. The
# model reads its assignment, and the dry run (which runs export only as
# bash declares it) reads the script as bash: kl's 4 is seen by both.
. "$(dirname "$0")/s.env"
SEQS=$S_MAX_NUM_SEQS
case "$1" in
  serve) ;;
  kl) export SEQS=4 ;;
esac
exec vllm serve m --max-num-seqs "$SEQS"
# want@9 "kl boots with --max-num-seqs 4 where serve boots with 8" "kl passes --max-num-seqs 4 through the mode-local SEQS=4"
