#!/usr/bin/env bash
# serve is named: SERVE_MAX_SEQS owns the seats and KL_MAX_SEQS is its
# per-mode alias (law 2), not a preset of its own.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/llm.env"
SEQS=$SERVE_MAX_SEQS
case "${1:-serve}" in
  serve) ;;
  kl) SEQS=$KL_MAX_SEQS ;; # want "kl boots with --max-num-seqs 4 where serve boots with 8" "kl reads KL_MAX_SEQS, a per-mode \(kl\) alias of SERVE_MAX_SEQS"
esac
exec vllm serve m --max-num-seqs "$SEQS" --max-num-batched-tokens "$SERVE_MAX_BATCHED_TOKENS"
