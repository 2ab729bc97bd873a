#!/usr/bin/env bash
# A strict-mode preamble: shopt -s inherit_errexit and lastpipe, which
# interp has no option for, stopped every mode's dry run (an info finding,
# nothing compared). Interp already behaves as both are on: bench's own
# second --max-num-seqs is found by argvdrift in the argv.
set -Eeuo pipefail
shopt -s inherit_errexit
shopt -s lastpipe nullglob
trap 'echo "failed at line $LINENO" >&2' ERR
. "$(dirname "$0")/serve.env"

pick_seqs() { printf '%s\n' "$STRICT_MAX_NUM_SEQS"; }
pick_seqs | read -r seqs

case "${1:-serve}" in
  serve) exec vllm serve org/m --max-num-seqs "$seqs" --port 8000 ;;
  kl)    exec vllm serve org/m --max-num-seqs "$seqs" --port 8001 ;;
  bench)
    extra=$(( STRICT_MAX_NUM_SEQS * 2 ))
    echo "$extra" | read -r seqs
    exec vllm serve org/m --max-num-seqs "$seqs" --port 8002 # want "bench boots with --max-num-seqs 16 where serve boots with 8"
    ;;
esac
