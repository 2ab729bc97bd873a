#!/usr/bin/env bash
# ${SEQS:=$MAX_NUM_SEQS} gives SEQS the owner's value, as the read's own
# default does: the fix reads the owner.
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve /m --max-num-seqs "${SEQS:=$MAX_NUM_SEQS}" # want "--max-num-seqs lets SEQS override its owner MAX_NUM_SEQS \(.*serve.env:1\)"
