#!/usr/bin/env bash
# bench and kl put their own copy of an owned flag in front of the shared
# one: the engine takes the later, shared copy, so theirs is dead. The fix
# deletes it; writing the owner into it would leave the flag twice in
# their argv, which is then not the proven mode's byte for byte.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODEL_PATH=${MODEL_PATH:-/models/llama-8b}
[[ -d "$MODEL_PATH" ]] || exit 1
args=(--model "$MODEL_PATH")
case "$1" in
  serve) ;;
  kl) args+=(--max-num-seqs "$LL_MAX_NUM_SEQS" --seed 0) ;; # want "kl passes its own --max-num-seqs \"\$LL_MAX_NUM_SEQS\", which the shared one \(line 18\) overrides"
  bench)
    args+=(--max-num-seqs 64) # want "bench passes its own --max-num-seqs 64, which the shared one \(line 18\) overrides; .*serve.env:1 owns it as LL_MAX_NUM_SEQS=32"
    ;;
esac
exec vllm serve "${args[@]}" --max-num-seqs "$LL_MAX_NUM_SEQS" \
  --max-num-batched-tokens "$LL_MAX_NUM_BATCHED_TOKENS"
