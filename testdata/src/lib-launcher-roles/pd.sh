#!/usr/bin/env bash
# Disaggregated serving through the library's serve_role ROLE SEATS PORT:
# the role is the call's word (--disaggregation-mode "$1"), so p and d are
# prefill and decode, other shapes on purpose: p's own seats are its own.
set -euo pipefail
. "$(dirname "$0")/pd.env"
. "$(dirname "$0")/lib/pd.sh"
case "${1:-p}" in
  p) serve_role prefill 32 30000 ;;
  d) serve_role decode "$SGLANG_MAX_RUNNING_REQUESTS" 30001 ;;
esac
