#!/usr/bin/env bash
# The script demands of its caller what no file sets (a token, a model
# path): the dry run reads those as not statically known, so the guard
# stops no mode, and kl's own seats are compared.
set -euo pipefail
: "${HF_TOKEN:?set HF_TOKEN to a Hugging Face token}"
. "$(dirname "$0")/h.env"
case "$1" in
  serve) exec vllm serve "${MODEL_PATH:?}" --max-num-seqs "$H_MAX_NUM_SEQS" ;;
  kl) exec vllm serve "${MODEL_PATH:?}" --max-num-seqs 4 ;;
esac
# want@10 "kl boots with --max-num-seqs 4 where serve boots with 8" "kl passes --max-num-seqs 4"
