#!/bin/bash
# mpirun … trtllm-llmapi-launch trtllm-serve: the server is the engine.
set -euo pipefail
. "$(dirname "$0")/wrap.env"
case "$1" in
  serve) bs=$IW_MAX_BATCH_SIZE ;;
  bench) bs=16 ;; # want "bench passes --max_batch_size 16 through the mode-local bs=16" "bench boots with --max_batch_size 16 where serve boots with 64"
  *) exit 2 ;;
esac
mpirun --allow-run-as-root -n 2 --oversubscribe \
  trtllm-llmapi-launch trtllm-serve /m --tp_size 2 --max_batch_size "$bs"
