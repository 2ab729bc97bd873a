#!/usr/bin/env bash
# start() holds one engine per mode that forwards "$@", and each mode's
# call hands it the step: kl's literal 4096 is kl's own, at the call.
set -euo pipefail
. "$(dirname "$0")/fc.env"
MODE=${1:-serve}
start() {
  if [[ $MODE == serve ]]; then
    exec vllm serve /m --max-num-seqs "$FC_MAX_NUM_SEQS" "$@"
  else
    exec vllm serve /m --max-num-seqs "$FC_MAX_NUM_SEQS" --enforce-eager "$@"
  fi
}
case "$MODE" in
  serve) start --max-num-batched-tokens "$FC_MAX_NUM_BATCHED_TOKENS" ;;
  kl) start --max-num-batched-tokens 4096 ;; # want "kl boots with --max-num-batched-tokens 4096 where serve boots with 1024" "^kl passes --max-num-batched-tokens 4096; .*fc.env:2 owns it"
esac
