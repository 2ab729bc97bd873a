#!/usr/bin/env bash
# mapfile under set -u: interp's mapfile left the array unset with its
# lines, and "${ARGS[@]}" stopped every mode ("ARGS: unbound variable").
# An empty mapfile still adds no word.
set -euo pipefail
. "$(dirname "$0")/m.env"
case "${1:-serve}" in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=48 ;; # want "bench boots with --max-num-seqs 48 where serve boots with 32" "bench passes --max-num-seqs 48 through the mode-local seqs=48"
  *) exit 2 ;;
esac
mapfile -t ARGS <<< "$(printf '%s\n' --port 8000 --seed 0)"
mapfile -t NONE < /dev/null
exec vllm serve m --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" "${ARGS[@]}" "${NONE[@]}"
