#!/usr/bin/env bash
# bench loads serve's model (the same value, written as a literal) and is
# compared; kl scores with the teacher, another model, and is held to
# serve's shape all the same (law 5); draft serves another model on a
# shared launch line (the model word's variable set per mode): its own.
set -euo pipefail
. "$(dirname "$0")/vllm.env"
model=$MODEL
seqs=$MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  bench) model=Qwen/Qwen2.5-7B-Instruct; seqs=128 ;; # want "bench passes --max-num-seqs 128" "bench boots with --max-num-seqs 128 where serve boots with 64"
  kl) model=$TEACHER; seqs=32 ;; # want "kl passes --max-num-seqs 32" "kl boots with --max-num-seqs 32 where serve boots with 64"
  draft) model=Qwen/Qwen2.5-0.5B-Instruct; seqs=256 ;;
  *) exit 2 ;;
esac
exec vllm serve "$model" --max-num-seqs "$seqs" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
