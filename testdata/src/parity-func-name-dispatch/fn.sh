#!/usr/bin/env bash
# Per-mode functions run by their own name ("$@": the function $1 names,
# with the rest). launch and usage are helpers, called by name: not modes.
set -euo pipefail
. "$(dirname "$0")/fn.env"
launch() {
  exec vllm serve "$FN_MODEL" --max-model-len "$FN_MAX_MODEL_LEN" "$@"
}
usage() { echo "usage: $0 serve|kl|bench" >&2; exit 2; }
serve() { launch --max-num-seqs "$FN_MAX_NUM_SEQS" --max-num-batched-tokens "$FN_MAX_NUM_BATCHED_TOKENS"; }
kl() { launch --max-num-seqs "$FN_MAX_NUM_SEQS" --max-num-batched-tokens "$FN_MAX_NUM_BATCHED_TOKENS"; }
bench() { launch --max-num-seqs 128 --max-num-batched-tokens "$FN_MAX_NUM_BATCHED_TOKENS"; } # want "bench passes --max-num-seqs 128; .*fn.env:3 owns it as FN_MAX_NUM_SEQS=32" "bench boots with --max-num-seqs 128 where serve boots with 32"
[[ $# -ge 1 ]] || usage
"$@"
