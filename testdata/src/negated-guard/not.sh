#!/usr/bin/env bash
# A negated test of the modes: its branch runs for every other value.
. "$(dirname "$0")/r.env"
if ! [[ $1 == serve || $1 == kl ]]; then exit 2; fi
step=$R_MAX_BATCHED_TOKENS
[[ $1 == kl ]] && step=$((R_MAX_BATCHED_TOKENS * 2)) # want "kl boots with --max-num-batched-tokens 2048 where serve boots with 1024; scoring numbers.*\(argvdrift\)" "kl passes --max-num-batched-tokens .*arithmetic on its owner.*\(privateshape\)"
exec radiance serve /m --max-num-seqs "$R_MAX_SEQS" --max-num-batched-tokens "$step"
