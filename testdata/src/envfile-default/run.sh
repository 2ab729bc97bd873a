#!/usr/bin/env bash
# The env file's path is a default the caller may override: the linter (like
# the dry run) reads no caller environment, so the default is the file.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ENV_FILE=${ENV_FILE:-$here/conf/prod.env}
# shellcheck disable=SC1090
source "$ENV_FILE"
case "$1" in
  serve) exec vllm serve /m --max-num-seqs "$P_MAX_NUM_SEQS" --max-num-batched-tokens "$P_MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve /m --max-num-seqs 8 --max-num-batched-tokens "$P_MAX_NUM_BATCHED_TOKENS" ;; # want "kl boots with --max-num-seqs 8 where serve boots with 32" "kl passes --max-num-seqs 8; .*owns it as P_MAX_NUM_SEQS=32"
esac
