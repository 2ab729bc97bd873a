#!/usr/bin/env bash
# serve.sh serve|smoke: smoke boots the engine through a function, in the
# background, checks it and exits: one engine per run, as without the function
set -euo pipefail
cd "$(dirname "$0")"
source ./serve.env
mode=${1:-serve}
args=(serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
if [[ $mode == smoke ]]; then
  launch() { vllm "$@"; }
  launch "${args[@]}" --max-num-seqs 4 &  # want "smoke passes a second --max-num-seqs 4" "smoke boots with --max-num-seqs 4 where serve boots with 64"
  curl -fs localhost:8000/health
  exit 0
fi
exec vllm "${args[@]}"
