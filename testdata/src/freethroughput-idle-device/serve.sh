#!/usr/bin/env bash
# "free" said of a device or a port is idle, not costless: no claim about
# the step or the seats.
set -euo pipefail
. "$(dirname "$0")/serve.env"
# wait until the GPU is free (the serve container has stopped) before booting the calib step
# once the card is free, boot calib with its own step
# the step runs only when both GPUs are free
# the port is now free; the seats come from serve.env
# a wider step on these GPUs is free # want "comment claims \"is free\""
# with H100 cards a 64k step is free # want "comment claims \"is free\""
exec radiance serve /m --max-num-seqs "$SRV_MAX_SEQS" --max-num-batched-tokens "$SRV_MAX_BATCHED_TOKENS"
