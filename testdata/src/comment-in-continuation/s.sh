#!/usr/bin/env bash
# A flag commented out inside a \-continued command ends the command in
# bash: serve boots without its shape flags. In an array literal, a comment
# line ends nothing; nor does one after a command that ends there.
. "$(dirname "$0")/r.env"
args=(
  --max-num-seqs "$R_MAX_NUM_SEQS" \
  # --enforce-eager
  --max-num-batched-tokens "$R_MAX_NUM_BATCHED_TOKENS"
)
echo starting \
  now
# a note
echo done
case "$1" in
  serve)
    exec vllm serve /m \
      # --enforce-eager \
      --max-num-seqs "$R_MAX_NUM_SEQS" \
      --max-num-batched-tokens "$R_MAX_NUM_BATCHED_TOKENS"
    ;;
  kl)
    exec vllm serve /m "${args[@]}" --seed 0 ;;
esac
# want@18 "a comment inside a .-continued command ends it: bash continues no comment, so line 19 \(--max-num-seqs"
# want@7 "kl boots with --max-num-seqs 8 where serve does not pass it"
# want@9 "kl boots with --max-num-batched-tokens 2048 where serve does not pass it"
