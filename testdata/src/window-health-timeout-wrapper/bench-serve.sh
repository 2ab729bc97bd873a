#!/usr/bin/env bash
# bench-serve.sh MODEL: boot vLLM, wait for it under a hard timeout, run the
# serving benchmark against it, then stop the server.
set -euo pipefail
MODEL=${1:?usage: bench-serve.sh MODEL}
PORT=${PORT:-8000}
RESULTS=${RESULTS:-./results}
mkdir -p "$RESULTS"

nohup vllm serve "$MODEL" --port "$PORT" --tensor-parallel-size 2 \
  --max-num-seqs 128 >"$RESULTS/server.log" 2>&1 &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true' EXIT

echo "waiting for the server (at most 10 minutes)"
if ! timeout 600 bash -c 'until curl -sf http://localhost:'"$PORT"'/health >/dev/null; do sleep 5; done'; then
  echo "server did not come up; last log lines:" >&2
  tail -n 40 "$RESULTS/server.log" >&2
  exit 1
fi
timeout 300 bash -c "while ! nc -z localhost $PORT; do sleep 1; done"

python3 benchmarks/benchmark_serving.py --backend vllm --model "$MODEL" \
  --port "$PORT" --dataset-name random --num-prompts 500 \
  --result-dir "$RESULTS" --save-result
