#!/usr/bin/env bash
# nerdctl compose run lines that boot serve's shape or are not read:
# options its run does not take (-t, -T: docker compose run's), an
# entrypoint given twice (an array of two words: no single program), a
# service run with its own command, an entrypoint that is not the engine.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) nerdctl compose run --rm llm vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  same) nerdctl compose --project-directory /srv run -d --quiet-pull -u root -w /work llm vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  tty) nerdctl compose run -t llm vllm serve "$MODEL" --max-num-seqs 128 ;;
  twice) nerdctl compose run --entrypoint python3 --entrypoint -m llm vllm.entrypoints.openai.api_server --max-num-seqs 128 ;;
  notty) nerdctl compose run -T llm vllm serve "$MODEL" --max-num-seqs 128 ;;
  script) nerdctl compose run --entrypoint /opt/start.sh llm vllm serve "$MODEL" --max-num-seqs 128 ;;
  own) nerdctl compose run --rm llm ;;
  *) exit 2 ;;
esac
