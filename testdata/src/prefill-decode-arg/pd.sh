#!/usr/bin/env bash
# Disaggregated serving with the role from $1: prefill and decode are other
# shapes by design, each reading its own keys. Nothing to report.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/pd.env"

ROLE=${1:?usage: pd.sh prefill|decode}
NODE_RANK=${NODE_RANK:-0}
COMMON="--model-path $PD_MODEL --tp $PD_TP --trust-remote-code --nnodes 2 --node-rank $NODE_RANK --dist-init-addr ${MASTER_ADDR:-10.0.0.1}:5000"

if [[ $ROLE == prefill ]]; then
  python3 -m sglang.launch_server $COMMON \
    --disaggregation-mode prefill \
    --max-running-requests "$PD_PREFILL_MAX_RUNNING_REQUESTS" \
    --chunked-prefill-size "$PD_CHUNKED_PREFILL_SIZE" &
elif [[ $ROLE == decode ]]; then
  python3 -m sglang.launch_server $COMMON \
    --disaggregation-mode decode \
    --max-running-requests "$PD_DECODE_MAX_RUNNING_REQUESTS" &
else
  echo "bad ROLE" >&2; exit 2
fi
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT INT TERM
wait "$pid"
