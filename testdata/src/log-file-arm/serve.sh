#!/usr/bin/env bash
# serve's arm only appends a line to a log file and kl's prints to stderr:
# both take the shared path. serve is the proven mode, and bench's own
# seats are compared with it (not kl with bench).
set -euo pipefail
source "$(dirname "$0")/serve.env"
LOG=/tmp/serve.log
case "${1:-serve}" in
  serve) echo "serve mode" >> "$LOG" ;;
  kl) printf 'kl mode\n' >&2 ;;
  bench) LF_MAX_NUM_SEQS=256 ;; # want "bench re-assigns the owner LF_MAX_NUM_SEQS=256" "bench boots with --max-num-seqs 256 where serve boots with 64"
  *) echo "usage: $0 serve|kl|bench" >&2; exit 2 ;;
esac
exec vllm serve /m --max-num-seqs "$LF_MAX_NUM_SEQS"
