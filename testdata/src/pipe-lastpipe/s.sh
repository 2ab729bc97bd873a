#!/usr/bin/env bash
# Under shopt -s lastpipe bash runs a pipeline's last command in the
# script's shell: bench boots with the 64 its read got.
shopt -s lastpipe
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  bench) seqs=$VLLM_MAX_NUM_SEQS; echo 64 | read -r seqs ;; # want "bench boots with --max-num-seqs 64 where serve boots with 256"
esac
exec vllm serve /m --max-num-seqs "$seqs"
