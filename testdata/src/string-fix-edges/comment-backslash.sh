#!/usr/bin/env bash
set -eo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"
mode=$1
args=(--max-num-seqs "$SERVE_MAX_SEQS" --max-num-batched-tokens "$SERVE_MAX_BATCHED_TOKENS")
case "$mode" in
  serve) ;;
  bench)
    args+=(
      --dtype auto  # windows share: C:\models\
      --max-num-seqs 16 # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
    )
    ;;
  kl)
    # cache dir is D:\
    args+=(--max-num-seqs 16) # want "kl passes a second --max-num-seqs 16 that overrides the shared one" "kl boots with --max-num-seqs 16 where serve boots with 8"
    ;;
esac
exec vllm serve /m "${args[@]}"
