#!/usr/bin/env bash
# One function per mode, each adding flags of its own that are no shape
# flag (kl returns hidden states): kl shares serve's shape, and neither lint
# nor `servelint argv` calls the extra flag drift.
set -euo pipefail
here="$(dirname "$0")"
source "$here/sg.env"

launch() {
  python3 -m sglang.launch_server --model-path "$SG_MODEL" \
    --tp "$SG_TP" \
    --max-running-requests "$SG_MAX_RUNNING_REQUESTS" \
    --chunked-prefill-size "$SG_CHUNKED_PREFILL_SIZE" \
    --mem-fraction-static "$SG_MEM_FRACTION" \
    "$@"
}

mode_serve() { launch --port 30000 --log-level info; }
mode_kl()    { launch --port 30001 --log-level warning --enable-return-hidden-states; }
mode_eval()  { launch --port 30002; }

"mode_${1:?usage: sg.sh serve|kl|eval}"
