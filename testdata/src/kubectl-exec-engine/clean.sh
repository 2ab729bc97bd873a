#!/usr/bin/env bash
# kubectl lines not read as the engine's: the deprecated form with no --
# (its words would be kubectl's options), an option kubectl does not
# take, a command other than exec; and the owner's number in the pod.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) kubectl exec vllm-0 -- vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  same) kubectl exec -i vllm-0 -- vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  old) kubectl exec vllm-0 vllm serve "$MODEL" --max-num-seqs 128 ;;
  frob) kubectl exec --frobnicate vllm-0 -- vllm serve "$MODEL" --max-num-seqs 128 ;;
  debug) kubectl debug vllm-0 -it --image=busybox -- vllm serve "$MODEL" --max-num-seqs 128 ;;
  *) exit 2 ;;
esac
