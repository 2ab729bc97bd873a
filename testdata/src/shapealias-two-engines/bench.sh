#!/usr/bin/env bash
# One script boots vLLM and SGLang at one shape. The window's key reads
# as vLLM's --max-model-len and as SGLang's --context-length: a key named
# for the window that reads the window's owner is a shim in both, not a
# key named for another flag.
set -euo pipefail
. "$(dirname "$0")/bench.env"
case "$1" in
  vllm) exec vllm serve /m --max-model-len "$BENCH_MAX_MODEL_LEN" --tensor-parallel-size "$BENCH_TP_SIZE" ;;
  sglang) exec python3 -m sglang.launch_server --model-path /m --context-length "$BENCH_CALIB_MAX_MODEL_LEN" --tp-size "$BENCH_TP_SIZE" ;; # want "sglang reads BENCH_CALIB_MAX_MODEL_LEN, a shim of BENCH_MAX_MODEL_LEN"
esac
