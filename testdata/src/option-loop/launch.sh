#!/usr/bin/env bash
# After the mode, a while/case loop reads options from $1 after shift:
# --port) is an option, not a mode.
set -euo pipefail
. "$(dirname "$0")/m.env"
usage() { echo "usage: $0 serve|kl|bench [--port N] [--dry-run]" >&2; exit 2; }
[[ $# -ge 1 ]] || usage
mode=$1; shift
port=8000; dry=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --port) port=$2; shift 2 ;;
    --port=*) port=${1#*=}; shift ;;
    --dry-run) dry=1; shift ;;
    *) usage ;;
  esac
done
args=(serve /models/m --port "$port" --max-num-seqs "$M_MAX_NUM_SEQS")
case $mode in
  serve|kl) args+=(--max-num-batched-tokens "$M_MAX_NUM_BATCHED_TOKENS") ;;
  bench) args+=(--max-num-batched-tokens "$M_MAX_NUM_BATCHED_TOKENS" --max-num-seqs 512) ;; # want "bench passes a second --max-num-seqs 512" "bench boots with --max-num-seqs 512 where serve boots with 32"
  *) usage ;;
esac
if (( dry )); then printf '%q ' vllm "${args[@]}"; echo; exit 0; fi
exec vllm "${args[@]}"
