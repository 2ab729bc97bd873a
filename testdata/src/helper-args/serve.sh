#!/usr/bin/env bash
# $1 inside is_true is its argument, not the mode: prod is the proven mode.
. "$(dirname "$0")/serve.env"
is_true() { [[ $1 == 1 || $1 == true ]] || return 1; }
SEQS=$SRV_MAX_SEQS
case "${1:-prod}" in
  prod) ;;
  kl) SEQS=4 ;; # want "kl boots with --max-num-seqs 4 where prod boots with 8" "kl passes --max-num-seqs 4"
  *) echo "unknown mode" >&2; exit 2 ;;
esac
is_true "${VERBOSE:-0}" && echo "starting" >&2
exec vllm serve m --max-num-seqs "$SEQS"
