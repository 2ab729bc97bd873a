#!/usr/bin/env bash
# nerdctl, containerd's docker-compatible CLI: its run and exec (behind
# its own global options) read as docker's, a mode's own shape reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) nerdctl run --rm --gpus all img vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  nr) nerdctl run --rm --gpus all img vllm serve "$MODEL" --max-num-seqs 32 ;; # want "nr passes --max-num-seqs 32" "nr boots with --max-num-seqs 32 where serve boots with 512"
  ne) nerdctl -n k8s.io exec -w /work ctr nohup vllm serve "$MODEL" --max-num-seqs 33 ;; # want "ne passes --max-num-seqs 33" "ne boots with --max-num-seqs 33 where serve boots with 512"
  sh) nerdctl --namespace=llm run --rm --entrypoint /bin/sh img -c "exec vllm serve $MODEL --max-num-seqs 34" ;; # want "sh passes --max-num-seqs 34" "sh boots with --max-num-seqs 34 where serve boots with 512"
  *) exit 2 ;;
esac
