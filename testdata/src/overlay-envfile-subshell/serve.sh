#!/usr/bin/env bash
# The overlay is only printed from a subshell (a report of what the mode
# would set): the engine boots base.env's shape in every mode.
set -euo pipefail
here=$(dirname "$0")
mode=${1:-serve}
case $mode in serve|bench) ;; *) exit 2 ;; esac
. "$here/base.env"
( . "$here/$mode.env"; echo "mode $mode would use $SU_MAX_NUM_SEQS seats" ) || true
exec vllm serve /models/m --max-num-seqs "$SU_MAX_NUM_SEQS"
