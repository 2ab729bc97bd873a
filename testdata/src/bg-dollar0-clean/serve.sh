#!/bin/bash
# kl starts the engine in the background and scores against it; its
# "$(dirname "$0")" is the script's directory as serve's is (the dry run's
# background job read $0 as "gosh": ./chat.jinja, a drift that is not).
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve)
    exec vllm serve "$MODEL" --chat-template "$(dirname "$0")/chat.jinja" \
      --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
    ;;
  kl)
    vllm serve "$MODEL" --chat-template "$(dirname "$0")/chat.jinja" \
      --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" &
    server=$!
    timeout 600 bash -c 'until curl -sf localhost:8000/health; do sleep 5; done'
    python3 "$(dirname "$0")/kl.py" --base-url http://localhost:8000
    kill "$server"
    ;;
esac
