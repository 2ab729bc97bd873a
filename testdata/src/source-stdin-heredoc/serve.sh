#!/bin/bash
# serve.sh [serve|kl]: serve.env is loaded through a here-document that
# source reads from /dev/stdin. The dry run refused /dev/stdin (outside the
# tree), so no mode's argv was compared.
set -euo pipefail
source /dev/stdin <<EOF
$(grep -v '^#' "$(dirname "$0")/serve.env")
EOF
. /dev/stdin <<'EOF'
PORT=8000
EOF
case ${1:-serve} in
  serve) exec vllm serve "$MODEL" --port "$PORT" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --port "$PORT" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens 2048 ;; # want "kl boots with --max-num-batched-tokens 2048 where serve boots with 8192" "kl passes --max-num-batched-tokens 2048"
  *) exit 2 ;;
esac
