#!/usr/bin/env bash
# ${X:+--flag "$X"} under set -u in a sourced library: bash never expands
# the alternate when X is unset, and neither does the dry run.
set -euo pipefail
. "$(dirname "$0")/s.env"
. "$(dirname "$0")/lib.sh"
case "$1" in
  serve) exec vllm serve /m --max-num-seqs "$S_MAX_NUM_SEQS" $EXTRA ;;
  kl) exec vllm serve /m --max-num-seqs "$S_MAX_NUM_SEQS" --max-num-batched-tokens 2048 $EXTRA ;;
esac
# want@9 "kl boots with --max-num-batched-tokens 2048 where serve does not pass it"
