#!/usr/bin/env bash
# bench_launch.sh MODEL_KEY: one branch per model of the benchmark matrix,
# each with its model and its numbers; bench.env holds the defaults of a
# model without a preset. No serve mode: the first preset stands in as the
# proven one, and its numbers were reported as a drift from the defaults
# though no other mode serves its model (found by R60).
set -euo pipefail
. "$(dirname "$0")/bench.env"
key=${1:?model key}
case "$key" in
  llama8b)  model=meta-llama/Llama-3.1-8B-Instruct;  tp=1; seqs=256; mnbt=16384 ;;
  llama70b) model=meta-llama/Llama-3.1-70B-Instruct; tp=4; seqs=128; mnbt=8192 ;;
  qwen32b)  model=Qwen/Qwen2.5-32B-Instruct;         tp=2; seqs=$MAX_NUM_SEQS; mnbt=$MAX_NUM_BATCHED_TOKENS ;;
  *) echo "unknown model key $key" >&2; exit 2 ;;
esac
exec vllm serve "$model" -tp "$tp" \
  --max-num-seqs "$seqs" --max-num-batched-tokens "$mnbt" \
  --max-model-len "$MAX_MODEL_LEN" --gpu-memory-utilization "$GPU_MEMORY_UTILIZATION" \
  --port "$PORT"
