#!/usr/bin/env bash
# The config names bench the proven mode; this script has no bench, y.sh
# has: an info here, nothing compared.
. "$(dirname "$0")/x.env"
args=(--max-num-seqs "$X_MAX_NUM_SEQS")
case $1 in
  serve) args+=(--port 7770) ;; # want "the proven mode the config names \(modes.proven\) is not one of this script.s modes"
  kl) args+=(--port 7771) ;;
esac
exec radiance serve /m "${args[@]}"
