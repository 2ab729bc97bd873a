#!/usr/bin/env bash
# bench takes the owner's value; a smaller one only when SMALL is set, as
# `bench) seqs=$MAX_NUM_SEQS; [[ -n ${SMALL:-} ]] && seqs=4 ;;` would: the
# guarded override is no mode-local shape of bench's.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
seqs=$MAX_NUM_SEQS
case $MODE in serve|bench|kl) ;; *) exit 2 ;; esac
[[ $MODE == bench ]] && seqs=$MAX_NUM_SEQS && [[ -n ${SMALL:-} ]] && seqs=4
exec vllm serve --model /m --max-num-seqs "$seqs"
