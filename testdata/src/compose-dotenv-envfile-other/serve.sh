#!/usr/bin/env bash
# The compose file beside .env hands its service another file (env_file:
# webui.env) and interpolates none of .env's keys: the step's key, which no
# script reads, is still unused.
set -euo pipefail
cd "$(dirname "$0")"
source .env
exec vllm serve /m --max-num-seqs "$VLLM_MAX_NUM_SEQS"
