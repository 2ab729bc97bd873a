#!/usr/bin/env bash
# The engine runs in a pod already up: kubectl exec [options] POD --
# COMMAND… runs the command in its container, as docker exec CONTAINER
# COMMAND… does (through its wrappers, a bash -lc string too). A mode's
# own shape is reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) kubectl exec -n llm deploy/vllm -- vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  pod) kubectl exec -it vllm-0 -c engine -- vllm serve "$MODEL" --max-num-seqs 32 ;; # want "pod passes --max-num-seqs 32" "pod boots with --max-num-seqs 32 where serve boots with 512"
  ctx) kubectl --context gpu -n llm exec vllm-0 -- bash -lc "vllm serve $MODEL --max-num-seqs 33" ;; # want "ctx passes --max-num-seqs 33" "ctx boots with --max-num-seqs 33 where serve boots with 512"
  bg) kubectl exec vllm-0 --namespace=llm -- nohup vllm serve "$MODEL" --max-num-seqs 34 ;; # want "bg passes --max-num-seqs 34" "bg boots with --max-num-seqs 34 where serve boots with 512"
  *) exit 2 ;;
esac
