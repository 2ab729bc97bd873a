#!/usr/bin/env bash
# SEQS is read from a file before the shim: still a shim of the owner
# (reported), but reading the owner in its stead would drop the file's
# value from every mode: no fix, at the shim nor at its uses.
set -euo pipefail
. "$(dirname "$0")/serve.env"
read -r SEQS < "$(dirname "$0")/seats.txt" || true
SEQS=${SEQS:-$SR_MAX_NUM_SEQS} # want "SEQS is a shim .* .no fix: SEQS gets a value outside"
case "${1:-serve}" in
  serve) exec vllm serve org/m --max-num-seqs "$SEQS" ;; # want "serve reads SEQS, a shim .* .no fix"
  bench) exec vllm serve org/m --max-num-seqs "$SEQS" --seed 0 ;; # want "bench reads SEQS, a shim .* .no fix"
esac
