#!/usr/bin/env bash
# Every mode boots the library's one shape.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$(dirname "$0")/serve.env"
SEQS=$VLLM_MAX_NUM_SEQS
case "${1:-serve}" in
  serve|kl) log "mode ${1:-serve}" ;;
  *) exit 2 ;;
esac
start_server
