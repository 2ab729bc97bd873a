#!/bin/bash
# The launcher daemonizes itself: run from a login, it starts itself again
# under nohup with VLLM_DAEMON set and returns; the re-run boots the engine.
# The dry run refused the script running itself, and every mode ended
# "with status 0" before the engine.
set -euo pipefail
if [[ -z ${VLLM_DAEMON:-} ]]; then
  VLLM_DAEMON=1 nohup "$0" "$@" > vllm.log 2>&1 &
  echo "started in the background, pid $!"
  exit 0
fi
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8001 ;;
esac
