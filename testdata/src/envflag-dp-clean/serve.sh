#!/usr/bin/env bash
# DP_ATTENTION=true changes the parallelism, not an owned shape number:
# nothing to report.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
if [[ $DP_ATTENTION == true ]]; then
  args+=(--enable-dp-attention --dp 8)
fi
exec python3 -m sglang.launch_server --model-path "$MODEL" "${args[@]}"
