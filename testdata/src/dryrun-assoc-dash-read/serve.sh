#!/usr/bin/env bash
# serve.sh [serve|kl-ref]: kl-ref's own length is read by its key,
# ${LEN[kl-ref]}, which the parser reads as arithmetic: interp panicked on
# the read (the declaration's keys alone were rewritten), so no mode was
# compared; nor was the declaration's key rewritten for an analysed script.
set -euo pipefail
. "$(dirname "$0")/serve.env"
mode=${1:-serve}
declare -A LEN=([serve]=$MAX_MODEL_LEN [kl-ref]=4096)
args=(--model /models/m --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN")
if [[ $mode == kl-ref ]]; then
  args+=(--max-model-len "${LEN[kl-ref]}") # want "kl-ref passes a second --max-model-len \"\${LEN\[kl-ref\]}\" that overrides the shared one" "kl-ref boots with --max-model-len 4096 where serve boots with 1024"
fi
exec vllm serve "${args[@]}"
