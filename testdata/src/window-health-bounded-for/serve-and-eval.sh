#!/usr/bin/env bash
# serve-and-eval.sh: start SGLang, poll its health a bounded number of times,
# run the eval, stop it.
set -eo pipefail
MODEL_PATH=${MODEL_PATH:-/models/qwen2.5-32b}
PORT=30000

python3 -m sglang.launch_server --model-path "$MODEL_PATH" --port "$PORT" \
  --tp-size 4 --mem-fraction-static 0.85 &
SERVER_PID=$!

cleanup() { kill "$SERVER_PID" 2>/dev/null || true; }
trap cleanup EXIT

ready=0
for i in $(seq 1 120); do
  if curl -s "http://127.0.0.1:${PORT}/health_generate" >/dev/null; then
    ready=1
    break
  fi
  echo "waiting for sglang ($i/120)"
  sleep 5
done
[ "$ready" = 1 ] || { echo "sglang never became healthy" >&2; exit 1; }

# the router sometimes lags the worker: a short second poll
for ((n = 0; n < 30; n++)); do
  curl -sf "http://127.0.0.1:${PORT}/v1/models" >/dev/null && break
  sleep 1
done

python3 -m sglang.test.few_shot_gsm8k --port "$PORT" --num-questions 200
