#!/usr/bin/env bash
# calib's own step written as a literal: reported, but no fix (it would have
# to invent a key), and the copy is not deleted as an override.
set -euo pipefail
. "$(dirname "$0")/c.env"
launch() {
  exec vllm serve /models/m --max-num-seqs "$C_MAX_NUM_SEQS" --max-num-batched-tokens "$C_MAX_NUM_BATCHED_TOKENS" "$@"
}
cmd_serve() { launch --port 8000; }
cmd_calib() { launch --port 8001 --max-num-batched-tokens 32768; } # want "calib passes its own knob --max-num-batched-tokens 32768 as a literal"
"cmd_${1:?usage: lit.sh serve|calib}"
