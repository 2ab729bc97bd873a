#!/usr/bin/env bash
# The fix took the `;` of a one-line then branch: `then : else echo …; fi`
# parsed, and the else branch became arguments of `:`.
# (kl is not the proven mode: the config names serve, whose arm only logs;
# a re-assignment in the proven mode itself gets no fix.)
. "$(dirname "$0")/serve.env"
if [[ $1 == serve ]]; then echo "serving"; fi
if [[ $1 == kl ]]; then AT_MAX_NUM_SEQS=128; else echo "not kl"; fi # want "kl re-assigns the owner AT_MAX_NUM_SEQS=128 inside the mode"
exec vllm serve /m --max-num-seqs "$AT_MAX_NUM_SEQS" --max-num-batched-tokens "$AT_MAX_NUM_BATCHED_TOKENS"
