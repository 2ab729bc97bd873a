#!/usr/bin/env bash
# Per-workload presets with no owning env file: different shapes by design.
set -e
MODEL=${MODEL:-meta-llama/Llama-3.1-70B-Instruct}
case "$1" in
  short)
    MAX_NUM_SEQS=256; MNBT=8192 ;;
  long)
    MAX_NUM_SEQS=16; MNBT=32768 ;;
  *)
    echo "usage: bench.sh short|long"; exit 1 ;;
esac
CONC=${CONC:-64}
TP=${TP:-4}
python3 -m vllm.entrypoints.openai.api_server --model "$MODEL" \
  --tensor-parallel-size "$TP" \
  --max-num-seqs "$MAX_NUM_SEQS" \
  --max-num-batched-tokens "${MNBT:-8192}" \
  --max-model-len $((CONC * 1024 / TP)) &
wait
