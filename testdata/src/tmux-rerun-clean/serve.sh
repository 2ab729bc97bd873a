#!/bin/bash
# Started over ssh, the launcher re-runs itself in a tmux session so the
# server outlives the login: on the host the re-run has TMUX set and goes
# on to the engine, and so must the dry run (it ended every mode "with
# status 0" at the exec).
set -euo pipefail
if [[ -z ${TMUX:-} ]]; then
  exec tmux new-session -A -s vllm "$0" "$@"
fi
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port 8001 ;;
esac
