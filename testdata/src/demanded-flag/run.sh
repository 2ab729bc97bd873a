#!/usr/bin/env bash
# An engine flag's own "${X:?}" is no demand of the caller: the key was
# renamed in the env file, and the boot dies.
set -euo pipefail
. "$(dirname "$0")/run.env"
exec vllm serve /m --max-num-seqs "${RUN_MAX_NUM_SEQS:?}" --max-num-batched-tokens "$RUN_MAX_NUM_BATCHED_TOKENS" # want "RUN_MAX_NUM_SEQS is read here but no owning env file defines it"
