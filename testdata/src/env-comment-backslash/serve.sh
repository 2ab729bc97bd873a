#!/usr/bin/env bash
set -eo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"
mode=$1
case "$mode" in
  serve) seqs=$SERVE_MAX_SEQS ;;
  calib) seqs=$FRANK_CALIB_MAX_SEQS ;; # want "calib reads FRANK_CALIB_MAX_SEQS, a per-mode \(calib\) alias of SERVE_MAX_SEQS"
esac
exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$SERVE_MAX_BATCHED_TOKENS"
