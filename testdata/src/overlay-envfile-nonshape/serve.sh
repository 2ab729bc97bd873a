#!/usr/bin/env bash
# Each mode's overlay sets its port, log level and model path only: the
# shape comes from base.env alike, nothing to report.
set -euo pipefail
here=$(dirname "$0")
MODE=${1:-serve}
case "$MODE" in serve|bench) ;; *) exit 2 ;; esac
. "$here/base.env"
. "$here/${MODE}.env"
export VLLM_LOGGING_LEVEL=$N_LOG_LEVEL
exec vllm serve "$N_MODEL" --port "$N_PORT" --max-num-seqs "$N_MAX_NUM_SEQS"
