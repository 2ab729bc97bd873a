#!/usr/bin/env bash
# The env-side fix of the shim F_CALIB_MAX_SEQS would rewrite client.sh's
# line 5 too, which is suppressed for shapealias: the fix is dropped (the
# finding stays), and only this script's own read is rewritten.
set -euo pipefail
. "$(dirname "$0")/f.env"
case "${1:?usage: serve.sh serve|calib}" in
  serve) exec radiance serve /m --max-num-seqs "$F_MAX_SEQS" --max-num-batched-tokens "$F_MAX_BATCHED_TOKENS" --ngram-placement ram ;;
  calib) exec radiance serve /m --max-num-seqs "$F_CALIB_MAX_SEQS" --max-num-batched-tokens "$F_CALIB_BATCHED_TOKENS" --ngram-placement disk ;; # want "calib reads F_CALIB_MAX_SEQS, a shim of F_MAX_SEQS"
esac
