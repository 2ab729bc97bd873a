#!/usr/bin/env bash
# A guard names the modes, the library's functions are run by a name
# built from the mode: kl is a mode of both, bench is refused.
set -euo pipefail
source "$(dirname "$0")/lib/modes.sh"
source "$(dirname "$0")/serve.env"
mode=${1:-serve}
case "$mode" in serve|kl) ;; *) echo "usage: $0 [serve|kl]" >&2; exit 2 ;; esac
args=(--model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS") # want "kl boots with --max-num-seqs 4 where serve boots with 64"
"mode_$mode"
exec vllm serve "${args[@]}" "${EXTRA[@]}"
