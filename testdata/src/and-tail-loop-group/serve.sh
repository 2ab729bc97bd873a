#!/usr/bin/env bash
# Under set -e, a failing && list ending a loop body or a { } group goes
# on, as in bash, though no if or case branch ends in one: bench's own
# --max-num-seqs is compared, not an info that the mode stopped.
set -euo pipefail
source "$(dirname "$0")/serve.env"
EXTRA=()
for f in a b; do
  [[ $f == c ]] && EXTRA+=(--enforce-eager)
done
{
  [[ -n ${FAST:-} ]] && EXTRA+=(--enforce-eager)
}
args=(--model /m --max-num-seqs "$MAX_NUM_SEQS" "${EXTRA[@]}")
case "$1" in
  serve) exec vllm serve "${args[@]}" ;;
  bench) exec vllm serve "${args[@]}" --max-num-seqs 8 ;; # want "bench passes a second --max-num-seqs 8" "bench boots with --max-num-seqs 8 where serve boots with 64"
esac
