#!/usr/bin/env bash
# --bench sets MODE=bench-fast, and the guard tests bench*: the switch's
# value was never matched against the glob, so bench* named no switch's
# mode, the switches were dropped, and the script had no modes at all.
# The glob's branch runs in bench-fast, evaluated with --bench.
set -euo pipefail
. "$(dirname "$0")/serve.env"
OWNER=$MAX_NUM_SEQS
MODE=serve
while [[ $# -gt 0 ]]; do
  case $1 in
    --bench) MODE=bench-fast ;;
  esac
  shift
done
[[ $MODE != bench* ]] || seqs=16 # want "bench-fast \(as bench\*\) passes --max-num-seqs 16 through the mode-local seqs=16" "bench-fast \(as bench\*\) boots with --max-num-seqs 16 where serve boots with 64"
exec vllm serve /m --max-num-seqs "${seqs:-$OWNER}"
