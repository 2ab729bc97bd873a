#!/usr/bin/env bash
# A menu whose answer defaults to serve, written as MODE=${MODE:-serve} or
# case "${PICK:-serve}": the variable comes from the user, not the
# environment, and a dry run (no input) never takes the kl branch.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/serve.env"
read -r -p "mode [serve/kl]: " mode
mode=${mode:-serve}
case "$mode" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs 4 ;;
esac
read -r -p "again? " PICK
case "${PICK:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs 4 ;;
esac
select SEL in serve kl; do break; done
case "${SEL:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve "$MODEL" --max-num-seqs 4 ;;
esac
