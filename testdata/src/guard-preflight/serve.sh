#!/usr/bin/env bash
# The script checks the machine before it boots: enough GPUs, a known GPU
# model, an empty tap directory, no server of the same name running. The
# commands that answer (nvidia-smi, compgen, docker ps) are not run in the
# dry run; each guard is assumed to pass, as on the machine that boots, and
# the modes are compared.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${MODE:-serve}
VLLM_TP=${VLLM_TP:-2}
NAME=vllm-$MODE
tap=/var/lib/vllm/tap
n=$(nvidia-smi -L | wc -l)
(( n >= VLLM_TP )) || { echo "need $VLLM_TP GPUs" >&2; exit 1; }
GPU=${GPU:-$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)}
case $GPU in
  *H100*) MEM=0.92 ;;
  *A100*) MEM=0.88 ;;
  *) echo "unknown GPU $GPU" >&2; exit 1 ;;
esac
if compgen -G "$tap/*" >/dev/null; then echo "tap dir not empty" >&2; exit 1; fi
docker ps --format '{{.Names}}' | grep -q "^$NAME$" && { echo "already running"; exit 1; }
args=(--model /models/llama-70b --tensor-parallel-size "$VLLM_TP" --gpu-memory-utilization "$MEM" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_BATCHED")
case "$MODE" in
  serve) exec vllm serve "${args[@]}" ;;
  bench) exec vllm serve "${args[@]}" --max-num-seqs 64 ;; # want "bench passes a second --max-num-seqs 64" "bench boots with --max-num-seqs 64 where serve boots with 256"
esac
