#!/usr/bin/env bash
# MODE=bench run.sh: no test names a mode; serve.env and bench.env beside
# the script are the files `. "$here/$MODE.env"` reads: the modes, serve
# the default. bench.env re-sets the owner common.env holds.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
MODE=${MODE:-serve}
. "$here/common.env"
. "$here/$MODE.env"
exec vllm serve "$FM_MODEL" --max-num-seqs "$FM_MAX_NUM_SEQS" --port "$FM_PORT" # want "bench boots with --max-num-seqs 512 where serve boots with 128; .*common.env:2 owns it"
