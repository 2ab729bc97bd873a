#!/usr/bin/env bash
# Bash runs every command of a pipeline in a subshell (no lastpipe): what
# the read or the loop after the | assigns is gone when the pipeline ends,
# and bench and kl boot with the owner's 256, as serve does.
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  bench) seqs=$VLLM_MAX_NUM_SEQS; echo 64 | read -r seqs ;;
  kl) seqs=$VLLM_MAX_NUM_SEQS; printf '32\n' | while read -r n; do seqs=$n; done ;;
esac
exec vllm serve /m --max-num-seqs "$seqs"
