#!/usr/bin/env bash
# vLLM's role is written inside the library's JSON word ("kv_role":"$1"),
# filled by each call: p and d are prefill and decode, whose seats differ
# on purpose (no finding).
set -euo pipefail
. "$(dirname "$0")/lib/pd.sh"
. "$(dirname "$0")/pd.env"
case "${1:-p}" in
  p) serve_role kv_producer 32 ;;
  d) serve_role kv_consumer "$PD_MAX_NUM_SEQS" ;;
esac
