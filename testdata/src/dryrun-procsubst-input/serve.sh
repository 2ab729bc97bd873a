#!/usr/bin/env bash
# Input redirected from a process substitution (mapfile -t A < <(f), a
# while-read loop's done < <(f)) is evaluated: the command runs first and
# the redirection reads its output. Every mode was "could not be
# evaluated" before, and bench's drift went unseen by argvdrift.
set -euo pipefail
. "$(dirname "$0")/ps.env"
common() { printf '%s\n' --port 8000 --seed 0; }
case "${1:-serve}" in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=48 ;; # want "bench boots with --max-num-seqs 48 where serve boots with 32" "bench passes --max-num-seqs 48 through the mode-local seqs=48"
  *) exit 2 ;;
esac
mapfile -t ARGS < <(common)
extra=()
while IFS= read -r line; do
  extra+=("$line")
done < <(printf '%s\n' --dtype bfloat16)
exec vllm serve m --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" "${ARGS[@]}" "${extra[@]}"
