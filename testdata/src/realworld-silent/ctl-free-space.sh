#!/usr/bin/env bash
# Mentions free memory and costs that are not about the step.
# Free disk space is checked first; pulling costs nothing once cached.
# The KV cache frees memory when a request ends.
set -e
here=$(dirname "$(readlink -f "$0")")
. "$here/ctl.env"
free -h
exec radiance serve "$CTL_MODEL" --max-num-seqs "$CTL_MAX_SEQS" --max-num-batched-tokens "$CTL_MAX_BATCHED_TOKENS"
