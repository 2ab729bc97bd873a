#!/usr/bin/env bash
# The compose service takes .env whole (env_file: in its long form, through
# a YAML anchor) and its shell reads the step's key ($$ is compose's
# literal dollar): every key of .env is used.
set -euo pipefail
cd "$(dirname "$0")"
source .env
exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS"
