#!/usr/bin/env bash
# Arithmetic that reads no variable is a literal written another way: a
# mode that passes $((64 * 4)) carries its own number as much as one that
# passes 256. Arithmetic in shared code, or on a flag no key owns, is not.
set -euo pipefail
. "$(dirname "$0")/serve.env"
args=(serve /models/m --port $((8000 + 1)) --max-num-seqs "$AL_MAX_NUM_SEQS")
case "${1:?}" in
  serve) args+=(--max-num-batched-tokens "$AL_MAX_NUM_BATCHED_TOKENS") ;;
  kl) args+=("--max-num-batched-tokens=$((2048 * 2 * 2))") ;; # want "kl passes --max-num-batched-tokens 8192; .*serve.env:2 owns it as AL_MAX_NUM_BATCHED_TOKENS=4096 \(privateshape\)" "kl boots with --max-num-batched-tokens 8192 where serve boots with 4096"
  bench)
    step=$((1 << 13))
    args+=(--max-num-batched-tokens "$step" --seed $((6 * 7))) # want "bench passes --max-num-batched-tokens 8192 through the mode-local step=\$\(\(1 << 13\)\) \(line 12\); .*\(privateshape\)" "bench boots with --max-num-batched-tokens 8192 where serve boots with 4096"
    ;;
esac
exec vllm "${args[@]}"
