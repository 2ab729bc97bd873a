#!/usr/bin/env bash
# Arithmetic sets SEQS (2 * 128 = 256): reading the owner would change the
# boot. Reported, with no fix.
set -euo pipefail
. "$(dirname "$0")/serve.env"
TP=2
(( SEQS = TP * 128 ))
exec vllm serve /m --max-num-seqs "${SEQS:-$MAX_NUM_SEQS}" # want "--max-num-seqs lets SEQS override its owner MAX_NUM_SEQS \(.*serve.env:1\) \(no fix: SEQS gets a value outside"
