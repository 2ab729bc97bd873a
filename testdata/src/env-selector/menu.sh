#!/usr/bin/env bash
# An interactive menu and a loop over the modes set the variable
# themselves: neither is a selector from the environment.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/serve.env"
read -r -p "mode? " CHOICE
case "$CHOICE" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs 4 ;;
esac
for M in serve bench; do
  case "$M" in
    serve) vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port 8000 & ;;
    bench) vllm serve "$MODEL" --max-num-seqs 256 --port 8001 & ;;
  esac
done
wait
