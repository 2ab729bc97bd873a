#!/usr/bin/env bash
# The second engine names serve.env's own model as a literal: it is
# sized by serve.env, and its literal is a finding; in bench, a second
# engine of "$MODEL" with a literal is one too (the bge-m3 one beside it
# is a sidecar of its own model).
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) # want "serve could not be evaluated \(it starts 2 engines \(lines 10, 11\), line 10 in the background: "
    vllm serve meta-llama/Llama-3.1-8B-Instruct --max-num-seqs 256 --port 8100 & # want "serve passes --max-num-seqs 256"
    exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN" --port 8000 ;;
  bench)
    vllm serve "$MODEL" --max-num-seqs 256 --port 8101 & # want "bench passes --max-num-seqs 256"
    vllm serve BAAI/bge-m3 --max-model-len 8192 --port 8102 &
    wait ;;
esac
