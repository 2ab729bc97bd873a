#!/usr/bin/env bash
# nerdctl compose exec [options] SERVICE COMMAND…: the command runs in the
# service's running container, read as docker compose exec's (nerdctl's
# global options first, then compose's own, -f/-p/--project-directory/
# --env-file/--profile/--ipfs-address); a mode's own shape is reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) nerdctl compose exec -T llm vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  ne) nerdctl compose exec llm vllm serve "$MODEL" --max-num-seqs 32 ;; # want "ne passes --max-num-seqs 32" "ne boots with --max-num-seqs 32 where serve boots with 512"
  ns) nerdctl -n k8s.io compose -f compose.yaml -p llm exec -T -e HF_TOKEN --index 2 llm vllm serve "$MODEL" --max-num-seqs 33 ;; # want "ns passes --max-num-seqs 33" "ns boots with --max-num-seqs 33 where serve boots with 512"
  bg) nerdctl compose --project-directory /srv exec -dT -u root -w /work llm nohup vllm serve "$MODEL" --max-num-seqs 34 ;; # want "bg passes --max-num-seqs 34" "bg boots with --max-num-seqs 34 where serve boots with 512"
  sh) nerdctl compose exec llm bash -c "exec vllm serve $MODEL --max-num-seqs 35" ;; # want "sh passes --max-num-seqs 35" "sh boots with --max-num-seqs 35 where serve boots with 512"
  *) exit 2 ;;
esac
