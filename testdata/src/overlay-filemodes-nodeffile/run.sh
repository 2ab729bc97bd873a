#!/usr/bin/env bash
# The default names no file here (serve.env is not there): the files are
# no evidence of modes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mode=${1:-serve}
. "$here/common.env"
. "$here/$mode.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port "$PORT"
