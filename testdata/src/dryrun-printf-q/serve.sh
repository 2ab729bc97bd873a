#!/usr/bin/env bash
# printf '%q ' on every mode's path (the command logged before it runs):
# interp's printf lacks %q and every mode stopped ("invalid format char:
# q"). printf -v with %q keeps each word whole.
set -euo pipefail
. "$(dirname "$0")/q.env"
case "${1:-serve}" in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=48 ;; # want "bench boots with --max-num-seqs 48 where serve boots with 32" "bench passes --max-num-seqs 48 through the mode-local seqs=48"
  *) exit 2 ;;
esac
cmd=(vllm serve "/models/my model" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS")
printf '%q ' "${cmd[@]}" >&2
echo >&2
printf -v line '%q ' "${cmd[@]}"
printf '%s\n' "$line" > /dev/null
exec "${cmd[@]}"
