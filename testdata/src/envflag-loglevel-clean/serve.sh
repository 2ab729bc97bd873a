#!/usr/bin/env bash
# A flag that only changes the log level: no shape flag differs.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
level=info
if (( QUIET_ENGINE )); then level=warning; fi
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --uvicorn-log-level "$level"
