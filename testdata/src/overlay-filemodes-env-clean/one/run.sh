#!/usr/bin/env bash
# MODE=${MODE:-serve} and . "$here/$MODE.env" with serve.env alone beside
# the script (secrets.env sets no key serve.env sets): no modes to compare.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
MODE=${MODE:-serve}
. "$here/common.env"
. "$here/$MODE.env"
exec vllm serve "$FM_MODEL" --max-num-seqs "$FM_MAX_NUM_SEQS" --port "$FM_PORT"
