#!/usr/bin/env bash
. "$(dirname "$0")/x.env"
case $1 in
  bench) exec radiance serve /m --max-num-seqs "$X_MAX_NUM_SEQS" ;;
  kl) exec radiance serve /m --max-num-seqs "$X_MAX_NUM_SEQS" --port 7771 ;;
esac
