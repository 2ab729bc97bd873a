#!/usr/bin/env bash
# serve and kl only log, with a timestamp from a command substitution (a
# subshell: nothing the argv sees); they take the shared path. serve is the
# proven mode, and bench's own seats are compared with it.
set -euo pipefail
source "$(dirname "$0")/serve.env"
LOG=/tmp/serve.log
case "${1:-serve}" in
  serve) echo "[$(date +%FT%T)] serve on $(hostname)" >> "$LOG" ;;
  kl) [[ -n $(command -v nvidia-smi) ]] && printf '%s kl\n' "$(date +%s)" >&2 ;;
  bench) LS_MAX_NUM_SEQS=256 ;; # want "bench re-assigns the owner LS_MAX_NUM_SEQS=256" "bench boots with --max-num-seqs 256 where serve boots with 64"
  *) echo "usage: $0 serve|kl|bench" >&2; exit 2 ;;
esac
exec vllm serve /m --max-num-seqs "$LS_MAX_NUM_SEQS"
