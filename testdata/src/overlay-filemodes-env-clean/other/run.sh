#!/usr/bin/env bash
# The default is no mode of the files: prod.env is not there; no modes.
#
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
MODE=${MODE:-prod}
. "$here/common.env"
. "$here/$MODE.env"
exec vllm serve "$FM_MODEL" --max-num-seqs "$FM_MAX_NUM_SEQS" --port "$FM_PORT"
