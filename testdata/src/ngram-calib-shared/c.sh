#!/usr/bin/env bash
# Two calib modes share one branch: its ram is theirs alone, and each must
# run disk, so the fix rewrites it (6d7f7d7 took it for a shared literal).
. "$(dirname "$0")/nc.env"
case "$1" in
  serve) exec radiance serve /m --max-num-seqs "$NC_MAX_NUM_SEQS" --max-num-batched-tokens "$NC_MAX_NUM_BATCHED_TOKENS" --ngram-placement ram ;;
  calib|calib-long)
    export RADIANCE_CALIB_DIR=/tap RADIANCE_CALIB_TOKENS=1024
    exec radiance serve /m --max-num-seqs "$NC_MAX_NUM_SEQS" --max-num-batched-tokens "$NC_MAX_NUM_BATCHED_TOKENS" --ngram-placement ram ;; # want "^calib runs with the n-gram table in RAM \(--ngram-placement ram\):" "^calib-long runs with the n-gram table in RAM \(--ngram-placement ram\):"
esac
