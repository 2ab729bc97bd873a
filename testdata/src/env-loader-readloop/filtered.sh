#!/usr/bin/env bash
# The same loop fed by a filter through a process substitution: the file is
# owning (privateshape judges the modes); the dry run reads the filter's
# output (grep of a file of the tree), and argvdrift compares the modes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
while read -r line; do
  export "$line"
done < <(grep -v '^#' "$here/.env")
case "${1:-serve}" in
  serve) exec vllm serve /m --max-num-seqs "$RL_MAX_NUM_SEQS" --max-num-batched-tokens "$RL_MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve /m --max-num-seqs 8 --max-num-batched-tokens "$RL_MAX_NUM_BATCHED_TOKENS" ;;
esac
# want@12 "kl boots with --max-num-seqs 8 where serve boots with 64"
# want@12 "kl passes --max-num-seqs 8; .*\.env:2 owns it as RL_MAX_NUM_SEQS=64"
