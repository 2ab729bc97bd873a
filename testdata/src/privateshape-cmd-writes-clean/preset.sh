#!/usr/bin/env bash
# : "${seqs:=256}" sets nothing where seqs is set before.
set -euo pipefail
. "$(dirname "$0")/serve.env"
seqs=$MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  bench) : "${seqs:=256}" ;;
esac
exec vllm serve "$MODEL" --max-num-seqs "$seqs"
