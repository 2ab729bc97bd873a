#!/usr/bin/env bash
# nerdctl compose lines that boot serve's shape or are not read: the
# owner's number through exec; an option nerdctl compose does not take
# (docker compose's --ansi; exec's --entrypoint), after which what follows
# is not known to be the command; its run with docker compose run's -T,
# which nerdctl's run does not take (not read; its run is read in
# nerdctl-compose-run); a command in the container that is no engine.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) nerdctl compose exec -T llm vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  same) nerdctl --namespace=llm compose --env-file prod.env exec --privileged llm vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  ansi) nerdctl compose --ansi never exec llm vllm serve "$MODEL" --max-num-seqs 128 ;;
  entry) nerdctl compose exec --entrypoint /start.sh llm vllm serve "$MODEL" --max-num-seqs 128 ;;
  run) nerdctl compose run --rm -T llm vllm serve "$MODEL" --max-num-seqs 128 ;;
  probe) nerdctl compose exec -T llm curl -s localhost:8000/v1/models ;;
  *) exit 2 ;;
esac
