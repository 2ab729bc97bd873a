#!/bin/bash
# serve.sh [--mode serve|kl] [--port=N]: long options read by getopts
# through its "-:" option; --mode takes its value from the next word
# (${!OPTIND}, then OPTIND one further). No mode was found, so kl's own
# --max-num-seqs went unseen.
set -euo pipefail
source "$(dirname "$0")/serve.env"
usage() { echo "usage: $0 [--mode serve|kl] [--port=N]" >&2; exit 2; }
mode=serve port=8000
while getopts ":-:" o; do
  case "$o" in
    -)
      case "$OPTARG" in
        mode) mode=${!OPTIND}; OPTIND=$((OPTIND + 1)) ;;
        port=*) port=${OPTARG#*=} ;;
        *) usage ;;
      esac
      ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
case $mode in
  serve) exec vllm serve "$MODEL" --port "$port" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve "$MODEL" --port "$port" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" --max-num-seqs 16 ;; # want "kl passes a second --max-num-seqs 16" "kl boots with --max-num-seqs 16 where serve boots with 64"
  *) usage ;;
esac
