#!/usr/bin/env bash
# The engine is started by a function that forwards "$@"; modes call it.
set -euo pipefail
. "${BASH_SOURCE[0]%/*}/go.env"

launch() {
  exec env CUDA_VISIBLE_DEVICES=0,1 numactl --cpunodebind=0 timeout 12h \
    vllm serve "$GO_MODEL" --tensor-parallel-size "$GO_TP" "$@"
}

case "${1:-}" in
  serve) launch --max-num-seqs "$GO_MAX_NUM_SEQS" ;;
  kl) launch --max-num-seqs "$GO_MAX_NUM_SEQS" ;;
  bench) launch --max-num-seqs 128 ;; # want "bench passes --max-num-seqs 128; .*go.env:3 owns it as GO_MAX_NUM_SEQS=16" "bench boots with --max-num-seqs 128 where serve boots with 16.*\(argvdrift\)"
  *) echo "usage" >&2; exit 2 ;;
esac
