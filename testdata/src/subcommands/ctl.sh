#!/usr/bin/env bash
# Subcommands, not serving modes: only start launches the engine.
source "$(dirname "$0")/ctl.env"
case "${1:-start}" in
  start)
    docker run -d --name llm --gpus all --env-file "$(dirname "$0")/ctl.env" \
      vllm/vllm-openai:latest --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
    ;;
  stop) docker stop llm ;;
  logs) docker logs -f llm ;;
  restart) "$0" stop; "$0" start ;;
esac
