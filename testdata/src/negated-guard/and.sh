#!/usr/bin/env bash
# The guard names the modes that take the shared path, negated: serve is
# a mode (the proven one) though no branch of its own tests for it.
. "$(dirname "$0")/r.env"
mode=${1:?serve|kl}
[[ $mode != serve && $mode != kl ]] && exit 2
step=$R_MAX_BATCHED_TOKENS
[[ $mode == kl ]] && step=$((R_MAX_BATCHED_TOKENS * 2)) # want "kl boots with --max-num-batched-tokens 2048 where serve boots with 1024; scoring numbers.*\(argvdrift\)" "kl passes --max-num-batched-tokens .*arithmetic on its owner.*\(privateshape\)"
exec radiance serve /m --max-num-seqs "$R_MAX_SEQS" --max-num-batched-tokens "$step"
