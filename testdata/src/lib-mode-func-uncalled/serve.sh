#!/usr/bin/env bash
# The library defines mode_kl with a seat count of its own, but no branch
# calls it; the branches call library functions that set nothing the argv
# reads (a log line, a log directory): no branch is a mode, nothing to report.
set -euo pipefail
source "$(dirname "$0")/lib/modes.sh"
source "$(dirname "$0")/serve.env"
case "${1:-serve}" in
  serve) say "serving" ;;
  kl) set_log_dir kl ;;
esac
setup_extra
exec vllm serve --model "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" "${EXTRA[@]}" >"${LOG_DIR:-/tmp}/vllm.log" 2>&1
