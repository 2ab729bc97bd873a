#!/usr/bin/env bash
# An && chain on the mode with a test of its own inside: seqs=4 runs
# whenever bench does (bench's own number), the owner's value only when X
# is set too.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
seqs=$MAX_NUM_SEQS
case $MODE in serve|bench|kl) ;; *) exit 2 ;; esac
[[ $MODE == bench ]] && seqs=4 && [[ -n ${X:-} ]] && seqs=$MAX_NUM_SEQS # want "bench boots with --max-num-seqs 4 where serve boots with 8" "bench passes --max-num-seqs 4 through the mode-local seqs=4"
exec vllm serve --model /m --max-num-seqs "$seqs"
