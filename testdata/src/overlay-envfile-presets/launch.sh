#!/usr/bin/env bash
# Per-workload presets: env/<mode>.env owns that mode's numbers; there is
# no shared owner to differ from.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
MODE=${1:-serve}
case "$MODE" in
  serve|bench) ;;
  *) echo "unknown mode $MODE" >&2; exit 2 ;;
esac
. "$here/${MODE}.env"
exec vllm serve /models/m --max-num-seqs "$P_MAX_NUM_SEQS" --max-num-batched-tokens "$P_MAX_NUM_BATCHED_TOKENS"
