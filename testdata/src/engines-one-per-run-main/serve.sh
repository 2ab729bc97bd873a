#!/usr/bin/env bash
# serve.sh serve|smoke, wrapped in main "$@": smoke boots the engine in the
# background, checks it and exits, so the exec after the if never runs in
# smoke. main runs once, in order, as the top level does: one engine per run.
set -euo pipefail
cd "$(dirname "$0")"
source ./serve.env

main() {
  local mode=${1:-serve}
  args=(serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS")
  if [[ $mode == smoke ]]; then
    vllm "${args[@]}" &
    curl -fs localhost:8000/health
    exit 0
  fi
  exec vllm "${args[@]}"
}

main "$@"
