#!/usr/bin/env bash
# fleet starts one engine per line of fleet.txt in the background, without
# waiting between passes: it has no one argv. sweep waits for each engine
# before the next pass starts one: its first pass is its argv.
set -euo pipefail
cd "$(dirname "$0")"
. ./fleet.env
case "${1:-serve}" in
  serve) exec vllm serve "$FLEET_MODEL" --max-num-seqs "$FLEET_MAX_NUM_SEQS" --port 8000 ;;
  fleet) # want "fleet could not be evaluated \(it starts the engine of line 12 in the background in a loop that does not wait for it"
    while read -r name port; do
      vllm serve "$FLEET_MODEL" --served-model-name "$name" --max-num-seqs "$FLEET_MAX_NUM_SEQS" --port "$port" &
    done < fleet.txt
    wait
    ;;
  sweep)
    for port in 8001 8002; do
      vllm serve "$FLEET_MODEL" --max-num-seqs "$FLEET_MAX_NUM_SEQS" --port "$port" &
      pid=$!
      kill "$pid"; wait "$pid" || true
    done
    ;;
esac
