#!/usr/bin/env bash
# The set -u idiom for an array that may be unset, ${extra[@]+"${extra[@]}"}:
# serve never sets extra and bash expands nothing, so serve boots; a quoted
# path in an alternate value, ${T:+--chat-template "$T"}, stays one word.
set -euo pipefail
here=$(dirname "$(realpath "$0")")
. "$here/serve.env"
mode=${1:-serve}
case $mode in
  serve) ;;
  serve-debug) export VLLM_LOGGING_LEVEL=DEBUG; extra=(--enforce-eager) ;;
  kl) extra=(--max-logprobs 20) ;;
  *) echo "usage: $0 [serve|serve-debug|kl]"; exit 2 ;;
esac
exec vllm serve "$SV_MODEL" \
  --max-num-seqs "$SV_MAX_NUM_SEQS" \
  --max-num-batched-tokens "$SV_MAX_NUM_BATCHED_TOKENS" \
  ${SV_CHAT_TEMPLATE:+--chat-template "$SV_CHAT_TEMPLATE"} \
  ${extra[@]+"${extra[@]}"}
