#!/usr/bin/env bash
# args=("${args[@]}" …) keeps what args held and adds to it, as args+=(…)
# does: the shared elements are not counted a second time (each mode's own
# --max-num-batched-tokens was reported as overriding itself), and a mode's
# copy of a flag the shared array passes is a second one (not when it keeps
# a slice of them, which may have dropped the shared copy: deleting the
# mode's would boot it without the flag).
set -euo pipefail
source "$(dirname "$0")/run.env"
args=(--max-num-seqs "$SS_MAX_NUM_SEQS" --enforce-eager)
case "${1:-serve}" in
  serve)
    args+=(--max-num-batched-tokens "$SS_MAX_NUM_BATCHED_TOKENS")
    ;;
  bench)
    args=("${args[@]/--enforce-eager/}")
    args=("${args[@]}" --max-num-batched-tokens "$SS_MAX_NUM_BATCHED_TOKENS" --disable-log-requests)
    ;;
  kl)
    args=("${args[@]}" --max-num-seqs 8) # want "kl passes a second --max-num-seqs 8 that overrides the shared one" "kl boots with --max-num-seqs 8 where serve boots with 64"
    args+=(--max-num-batched-tokens "$SS_MAX_NUM_BATCHED_TOKENS")
    ;;
  trim)
    args=("${args[@]:2}" --max-num-seqs 16) # want "trim passes --max-num-seqs 16;" "trim boots with --max-num-seqs 16 where serve boots with 64"
    args+=(--max-num-batched-tokens "$SS_MAX_NUM_BATCHED_TOKENS")
    ;;
esac
exec vllm serve "$MODEL" "${args[@]}"
