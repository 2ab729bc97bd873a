#!/usr/bin/env bash
# A single-instance lock on fd 9 (exec 9>"$LOCK"; flock -n 9): the dry run
# goes past it, and kl's own --max-num-seqs is compared.
set -euo pipefail
source "$(dirname "$0")/serve.env"
LOCK=/tmp/vllm.lock
exec 9>"$LOCK"
flock -n 9 || { echo "another server is running" >&2; exit 1; }
case "${1:-serve}" in
  serve) exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl) exec vllm serve /m --max-num-seqs 4 ;; # want "kl boots with --max-num-seqs 4 where serve boots with 64" "kl passes --max-num-seqs 4"
esac
