#!/bin/bash
# apptainer/singularity exec [options] IMAGE COMMAND: the command is the
# engine.
set -euo pipefail
. "$(dirname "$0")/cluster.env"
sif=/sif/vllm-0.7.2.sif
case "$1" in
  serve)
    apptainer exec --nv -B /models:/models --env HF_HOME=/hf "$sif" \
      vllm serve /models/m --max-num-seqs "$CW_MAX_NUM_SEQS" \
      --max-num-batched-tokens "$CW_MAX_NUM_BATCHED_TOKENS"
    ;;
  kl)
    singularity exec --nv --bind /scratch "$sif" \
      vllm serve /models/m --max-num-seqs 8 \
      --max-num-batched-tokens "$CW_MAX_NUM_BATCHED_TOKENS"
    ;;
esac
# want@15 "kl passes --max-num-seqs 8; .*owns it as CW_MAX_NUM_SEQS=32" "kl boots with --max-num-seqs 8 where serve boots with 32"
