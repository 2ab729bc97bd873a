#!/usr/bin/env bash
# ": ${SEQS:=256}" gives SEQS a value before the flag reads
# "${SEQS:-$MAX_NUM_SEQS}": every mode boots 256, so reading the owner would
# change what they boot. Reported, with no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
: "${SEQS:=256}"
exec vllm serve /m --max-num-seqs "${SEQS:-$MAX_NUM_SEQS}" # want "--max-num-seqs lets SEQS override its owner MAX_NUM_SEQS \(.*serve.env:1\) \(no fix: SEQS gets a value outside"
