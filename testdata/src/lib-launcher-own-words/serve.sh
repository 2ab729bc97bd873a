#!/usr/bin/env bash
# The modes set what the library's start_server hands the engine: bench's
# own seats reach it through SEQS.
set -euo pipefail
here=$(dirname "$0")
source "$here/lib/common.sh"
source "$here/serve.env"
SEQS=$VLLM_MAX_NUM_SEQS
case "${1:-serve}" in
  serve|kl) ;;
  bench) SEQS=64 ;; # want "bench boots with --max-num-seqs 64 where serve boots with 16; the dry-run argv must match the proven mode byte for byte \(.*serve.env:2 owns it as VLLM_MAX_NUM_SEQS=16\) \(argvdrift\)"
  *) echo "usage: $0 serve|kl|bench" >&2; exit 2 ;;
esac
start_server
