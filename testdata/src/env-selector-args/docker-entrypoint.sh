#!/usr/bin/env bash
# ENTRYPOINT ["/app/docker-entrypoint.sh"]: MODE comes from the environment,
# extra engine arguments from CMD ("$@", empty by default). The mode's name
# is no argument: nothing is appended to the argv.
set -euo pipefail
cd "$(dirname "$0")"
export $(grep -v '^#' .env | xargs)
MODE=${MODE:-serve}
case "$MODE" in
  serve) port=8000 ;;
  bench) port=8000 ;;
  *) echo "MODE=$MODE?" >&2; exit 2 ;;
esac
exec python3 -m vllm.entrypoints.openai.api_server --model "$MODEL" \
  --max-model-len "$MAX_MODEL_LEN" --max-num-seqs "$MAX_NUM_SEQS" \
  --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --port "$port" \
  --enable-chunked-prefill "$@"
