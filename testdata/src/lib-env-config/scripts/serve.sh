#!/usr/bin/env bash
set -euo pipefail
source "$(dirname "$0")/../lib/common.sh"
case "${1:-serve}" in
  serve) launch_vllm 8000 ;;
  eval) MAX_NUM_SEQS=64 launch_vllm 8100 --seed 7 ;; # want "eval boots with --max-num-seqs 64 where serve boots with 32.*lib-env-config/config/model.env:2 owns it as MAX_NUM_SEQS=32\)"
  bench) launch_vllm 8200 --max-num-seqs 512 ;; # want "bench passes a second --max-num-seqs 512 that overrides the shared one; \S*config/model.env:2 owns it" "bench boots with --max-num-seqs 512 where serve boots with 32"
esac
