#!/bin/sh
# Two top-level cds, the second relative to the first: deploy/d.env.
set -eu
cd "$(dirname "$0")"
cd ../deploy
. ./d.env
mode=${1:-serve}
step=$D_MAX_NUM_BATCHED_TOKENS
if [ "$mode" = kl ]; then step=16384; fi # want "kl passes --max-num-batched-tokens 16384" "kl boots with --max-num-batched-tokens 16384 where serve boots with 8192"
exec vllm serve /m --max-num-batched-tokens "$step"
