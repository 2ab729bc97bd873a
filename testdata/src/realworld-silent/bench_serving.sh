#!/usr/bin/env bash
# Benchmark launcher in the style of public recipes: workload arithmetic, a
# capped step with its reason, defaults inside expansions, background server
# with a bounded health wait. No owning env file: nothing to enforce.
set -euo pipefail
MODEL=${MODEL:-meta-llama/Llama-3.1-8B-Instruct}
TP=${TP:-1}
CONC=${CONC:-64}
ISL=${ISL:-1024}
OSL=${OSL:-1024}
MAX_NUM_SEQS=$((2 * CONC / TP))
# larger hits an XLA error on v5e
MNBT=$((ISL * 2))
PORT=${PORT:-8000}

vllm serve "$MODEL" \
  --tensor-parallel-size "$TP" \
  --max-num-seqs "$MAX_NUM_SEQS" \
  --max-num-batched-tokens "${MAX_NUM_BATCHED_TOKENS:-$MNBT}" \
  --max-model-len $((ISL + OSL)) \
  --port "$PORT" > server.log 2>&1 &
SERVER_PID=$!
trap 'kill $SERVER_PID' EXIT

for _ in $(seq 1 120); do
  if curl -sf "http://localhost:$PORT/health" > /dev/null; then break; fi
  kill -0 "$SERVER_PID" || { echo "server died" >&2; exit 1; }
  sleep 5
done

python3 benchmarks/benchmark_serving.py --model "$MODEL" --num-prompts $((CONC * 10)) \
  --max-concurrency "$CONC" --random-input-len "$ISL" --random-output-len "$OSL"
