#!/usr/bin/env bash
# serve and kl both call the library's mode_common, whose --max-num-seqs 4
# overrides the owner's: serve, the proven mode, boots with it, so the
# finding names both and has no fix (as with mode_common in the script).
set -euo pipefail
source "$(dirname "$0")/lib/modes.sh"
source "$(dirname "$0")/serve.env"
args=(--model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
case "${1:-serve}" in
  serve) mode_common ;;
  kl) mode_common; echo "scoring" >&2 ;;
esac
exec vllm serve "${args[@]}" "${EXTRA[@]}"
