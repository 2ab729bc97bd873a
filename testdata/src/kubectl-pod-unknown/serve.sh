#!/usr/bin/env bash
# The pod is found by its label at run time (kubectl get pods): its name
# is not known, where it stands it is the pod.
set -euo pipefail
source "$(dirname "$0")/serve.env"
POD=$(kubectl get pods -l app=vllm -o jsonpath='{.items[0].metadata.name}')
case "${1:-serve}" in
  serve) kubectl exec "$POD" -- vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  small) kubectl exec "$POD" -- vllm serve "$MODEL" --max-num-seqs 32 ;; # want "small boots with --max-num-seqs 32 where serve boots with 256" "small passes --max-num-seqs 32"
  local) vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 8001 ;;
esac
