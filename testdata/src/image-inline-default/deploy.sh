#!/usr/bin/env bash
# The image is a variable the script never assigns, with a literal default
# in the docker run line itself: read as its default, so the modes are seen.
set -euo pipefail
. "$(dirname "$0")/deploy.env"
MODE=${MODE:-serve}
SERVER_ARGS=(--model m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS")
start_server() {
  docker run -d --gpus all --ipc=host "${VLLM_IMAGE:-vllm/vllm-openai:v0.6.4}" "${SERVER_ARGS[@]}"
}
case "$MODE" in
  serve) start_server ;;
  eval)
    SERVER_ARGS+=(--max-num-batched-tokens 16384) # want "eval passes a second --max-num-batched-tokens 16384 that overrides the shared one" "eval boots with --max-num-batched-tokens 16384 where serve boots with 8192"
    start_server
    ;;
  stop) docker rm -f vllm ;;
esac
