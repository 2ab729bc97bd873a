#!/usr/bin/env bash
# The repository's launcher: the env file's numbers, then the caller's words.
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "${SEQS:-$MAX_NUM_SEQS}" "$@"
