#!/bin/bash
# A copy written as one quoted word, "--max-num-seqs=16": its quotes go
# with it (an empty "" left behind would hand the engine an empty word).
set -eu
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}
args=(--max-num-seqs "$V_MAX_NUM_SEQS")
case $MODE in
  bench) args+=("--max-num-seqs=16") ;; # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
  kl) args+=('--max-num-seqs=16' --enforce-eager) ;; # want "kl passes a second --max-num-seqs 16 that overrides the shared one" "kl boots with --max-num-seqs 16 where serve boots with 8"
esac
set -- vllm serve /models/m "${args[@]}"
[[ $MODE == long ]] && set -- "$@" "--max-num-seqs=32" # want "long passes a second --max-num-seqs 32 that overrides the shared one" "long boots with --max-num-seqs 32 where serve boots with 8"
exec "$@"
