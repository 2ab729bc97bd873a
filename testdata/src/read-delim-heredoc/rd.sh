#!/usr/bin/env bash
# A block of flags read whole from a heredoc (read -r -d '' … || true): the
# dry run reads it as bash does, and kl's own step is compared.
set -euo pipefail
. "$(dirname "$0")/rd.env"
mode=${1:-serve}
read -r -d '' SHAPE <<EOF || true
--max-num-seqs $RD_MAX_NUM_SEQS
--max-num-batched-tokens $RD_MAX_BATCHED_TOKENS
EOF
case "$mode" in
  serve) exec vllm serve /m $SHAPE ;;
  kl) exec vllm serve /m $SHAPE --max-num-batched-tokens 2048 ;; # want "kl boots with --max-num-batched-tokens 2048 where serve boots with 8192" "kl passes --max-num-batched-tokens 2048"
esac
