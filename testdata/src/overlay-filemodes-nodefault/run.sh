#!/usr/bin/env bash
# The mode word has no default: which file is the proven mode's is not
# known, so the files are no modes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mode=$1
. "$here/common.env"
. "$here/$mode.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port "$PORT"
