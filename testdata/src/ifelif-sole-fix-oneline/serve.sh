#!/usr/bin/env bash
# A re-assignment that is all of a one-line if branch: the fix writes `:`
# and keeps the statement's `;` (it took it: `then : else exit 2` made the
# else branch arguments of `:`, and `then X=1; fi` had no fix).
. "$(dirname "$0")/serve.env"
if [[ $1 == kl ]]; then AT_MAX_NUM_SEQS=128; elif [[ $1 == serve || $1 == bench ]]; then :; else exit 2; fi # want "kl re-assigns the owner AT_MAX_NUM_SEQS=128 inside the mode" "kl boots with --max-num-seqs 128 where serve boots with 32"
if [[ $1 == bench ]]; then AT_MAX_NUM_BATCHED_TOKENS=2048; fi # want "bench re-assigns the owner AT_MAX_NUM_BATCHED_TOKENS=2048 inside the mode" "bench boots with --max-num-batched-tokens 2048 where serve boots with 4096"
exec vllm serve /m --max-num-seqs "$AT_MAX_NUM_SEQS" --max-num-batched-tokens "$AT_MAX_NUM_BATCHED_TOKENS"
