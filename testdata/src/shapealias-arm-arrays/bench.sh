#!/usr/bin/env bash
# Each arm builds its own _cmd array and runs it: the sglang arm expands
# its own words only. Both arrays' words had been read into each arm's
# invocation, so the sglang arm was taken for vLLM's and its shim missed.
set -euo pipefail
. "$(dirname "$0")/bench.env"
case "$1" in
  vllm) { _cmd=(vllm serve /m --max-model-len "$BENCH_MAX_MODEL_LEN" --tensor-parallel-size "$BENCH_TP_SIZE"); exec "${_cmd[@]}"; } ;;
  sglang) { _cmd=(python3 -m sglang.launch_server --model-path /m --context-length "$BENCH_CALIB_MAX_MODEL_LEN" --tp-size "$BENCH_TP_SIZE"); exec "${_cmd[@]}"; } ;; # want "sglang reads BENCH_CALIB_MAX_MODEL_LEN, a shim of BENCH_MAX_MODEL_LEN"
esac
