#!/usr/bin/env bash
# The engine runs on another host: ssh [options] HOST [options] COMMAND…
# joins the command's words with blanks for the host's shell. One word is
# a shell string (read as bash -c's); more, each read as itself, are the
# command's argv. A mode's own shape is reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
HOST=$(hostname -s)
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) ssh gpu1 vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  str) ssh gpu1 "vllm serve $MODEL --max-num-seqs 32" ;; # want "str passes --max-num-seqs 32" "str boots with --max-num-seqs 32 where serve boots with 512"
  argv) ssh -p 2222 -oBatchMode=yes gpu1 vllm serve "$MODEL" --max-num-seqs 33 ;; # want "argv passes --max-num-seqs 33" "argv boots with --max-num-seqs 33 where serve boots with 512"
  opts) ssh -i ~/.ssh/id_gpu gpu1 -tt "nohup vllm serve $MODEL --max-num-seqs 34" ;; # want "opts passes --max-num-seqs 34" "opts boots with --max-num-seqs 34 where serve boots with 512"
  sq) ssh -l ops gpu1 'vllm serve meta-llama/Llama-3.1-8B-Instruct --max-num-seqs 35' ;; # want "sq passes --max-num-seqs 35" "sq boots with --max-num-seqs 35 where serve boots with 512"
  hv) ssh "$HOST" vllm serve "$MODEL" --max-num-seqs 31 ;; # want "hv passes --max-num-seqs 31" "hv boots with --max-num-seqs 31 where serve boots with 512"
  ctr) ssh gpu1 "docker exec ctr vllm serve $MODEL --max-num-seqs 36" ;; # want "ctr passes --max-num-seqs 36" "ctr boots with --max-num-seqs 36 where serve boots with 512"
  *) exit 2 ;;
esac
