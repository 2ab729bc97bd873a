#!/usr/bin/env bash
# Host guards on paths under the home directory, in the script and in its
# library: the mark before ~ kept the tilde from expanding, the path asked
# was no host path, and every mode stopped (an info, nothing compared).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib/common.sh"
source "$here/serve.env"
[ -d ~/models ] || { echo "no ~/models" >&2; exit 1; }
have_cache
case "${1:-serve}" in
  serve) exec vllm serve ~/models/llama --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve ~/models/llama --max-num-seqs 4 ;; # want "kl boots with --max-num-seqs 4 where serve boots with 64" "kl passes --max-num-seqs 4"
esac
