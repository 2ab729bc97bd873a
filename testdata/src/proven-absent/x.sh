#!/usr/bin/env bash
# The config names bench the proven mode; this script has no bench: said,
# not a crash.
. "$(dirname "$0")/x.env"
args=(--max-num-seqs "$X_MAX_NUM_SEQS")
case $1 in
  serve) args+=(--port 7770) ;; # want "the proven mode the config names \(modes.proven: bench\) is a mode of no linted script \(this one's: serve.kl\): is it misspelled"
  kl) args+=(--port 7771) ;;
esac
exec radiance serve /m "${args[@]}"
