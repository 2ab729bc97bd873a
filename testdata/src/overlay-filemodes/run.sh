#!/usr/bin/env bash
# run.sh [serve|bench]: no case names the modes; serve.env and bench.env
# beside the script are the files `. "$here/$mode.env"` reads: the modes.
# bench.env re-sets the owner common.env holds: reported as for a case.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mode=${1:-serve}
. "$here/common.env"
. "$here/$mode.env"
exec vllm serve "$FM_MODEL" --max-num-seqs "$FM_MAX_NUM_SEQS" --port "$FM_PORT" # want "bench boots with --max-num-seqs 512 where serve boots with 128; .*common.env:2 owns it"
