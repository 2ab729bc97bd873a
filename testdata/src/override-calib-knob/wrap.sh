#!/usr/bin/env bash
# The same through a launcher function: calib passes its own step to a
# launcher that already passes the shared one.
set -euo pipefail
. "$(dirname "$0")/c.env"
launch() {
  exec vllm serve /models/m --max-num-seqs "$C_MAX_NUM_SEQS" --max-num-batched-tokens "$C_MAX_NUM_BATCHED_TOKENS" "$@"
}
cmd_serve() { launch --port 8000; }
cmd_calib() { launch --port 8001 --max-num-batched-tokens "$C_CALIB_MAX_NUM_BATCHED_TOKENS"; }
"cmd_${1:?usage: wrap.sh serve|calib}"
