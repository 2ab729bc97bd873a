#!/usr/bin/env bash
# --kl-ref takes a value ($2, shift 2): it is no switch, and the dry run
# passing --kl-ref alone stopped at "2: unbound variable" (an info). The
# script is not understood: silent.
set -euo pipefail
source "$(dirname "$0")/serve.env"
MODE=serve
REF=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --kl) MODE=kl; shift ;;
    --kl-ref) MODE=kl-ref; REF=$2; shift 2 ;;
    *) shift ;;
  esac
done
args=(--model /m --max-num-seqs "$MAX_NUM_SEQS")
case "$MODE" in
  serve) exec vllm serve "${args[@]}" ;;
  kl) exec vllm serve "${args[@]}" ;;
  kl-ref) exec vllm serve "${args[@]}" --served-model-name "$REF" ;;
esac
