#!/usr/bin/env bash
# "${SEQS:-$MAX_NUM_SEQS}" lets SEQS override the owner, and the sourced
# library sets SEQS=256: every mode boots 256, so reading the owner would
# change what they boot. Reported, with no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
. "$(dirname "$0")/lib/common.sh"
exec vllm serve /m --max-num-seqs "${SEQS:-$MAX_NUM_SEQS}" # want "--max-num-seqs lets SEQS override its owner MAX_NUM_SEQS \(.*serve.env:1\) \(no fix: SEQS gets a value outside the script's own assignments too"
