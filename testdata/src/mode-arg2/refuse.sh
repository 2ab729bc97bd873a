#!/usr/bin/env bash
# serve.sh MODEL MODE with a guard refusing a mode name as the first word:
# the refusal names modes, but does not pick one by $1.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODEL=${1:?usage: serve.sh MODEL [MODE]}
[[ $MODEL == serve || $MODEL == bench ]] && { echo "usage: serve.sh MODEL [MODE] (the model comes first)" >&2; exit 2; }
MODE=${2:-serve}
args=(--model "/models/$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
case "$MODE" in
  serve) ;;
  bench) args+=(--max-num-seqs 64) ;; # want "bench passes a second --max-num-seqs 64 that overrides the shared one" "bench boots with --max-num-seqs 64 where serve boots with 16"
esac
exec vllm serve "${args[@]}"
