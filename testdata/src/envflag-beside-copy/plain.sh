#!/usr/bin/env bash
# The same with no dispatch: FAST=1 is a mode of its own.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
SEQS=$MAX_NUM_SEQS
[[ ${FAST:-0} != 1 ]] || SEQS=32 # want "FAST=1 passes --max-num-seqs 32 through the mode-local SEQS=32 \(line 7\) to --max-num-seqs \(line 8\).*privateshape" "FAST=1 boots with --max-num-seqs 32 where serve boots with 256.*argvdrift"
exec vllm serve "$MODEL" --max-num-seqs "$SEQS"
