#!/usr/bin/env bash
# calib's second --max-num-batched-tokens is its own knob from the env file,
# not a copy overriding the shared one: nothing to report, nothing to delete.
set -euo pipefail
. "$(dirname "$0")/c.env"
args=(serve /models/m --max-num-seqs "$C_MAX_NUM_SEQS" --max-num-batched-tokens "$C_MAX_NUM_BATCHED_TOKENS")
case "${1:?usage: args.sh serve|calib}" in
  serve) ;;
  calib) args+=(--max-num-batched-tokens "$C_CALIB_MAX_NUM_BATCHED_TOKENS") ;;
esac
exec vllm "${args[@]}"
