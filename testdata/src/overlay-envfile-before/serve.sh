#!/usr/bin/env bash
# The overlay is read first and base.env after it: base.env's value wins in
# every mode, so bench boots serve's shape.
set -euo pipefail
here=$(dirname "$0")
mode=${1:-serve}
case $mode in serve|bench) ;; *) exit 2 ;; esac
if [[ -f $here/$mode.env ]]; then
  . "$here/$mode.env"
fi
. "$here/base.env"
exec vllm serve /models/m --max-num-seqs "$B4_MAX_NUM_SEQS"
