#!/usr/bin/env bash
# servelint:ignore-file freethroughput -- the comments quote the old runbook
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/s.env"

case "${1:?usage: s.sh serve|bench|wide|probe|arr}" in
  serve)
    # a wide step is free throughput
    exec radiance serve /m --max-num-seqs "$S_MAX_SEQS" --max-num-batched-tokens "$S_MAX_BATCHED_TOKENS"
    ;;
  bench)
    # servelint:ignore privateshape,argvdrift -- bench probes the 64k step (RUN-1)
    # (a comment between the suppression and its command)
    exec radiance serve /m \
      --max-num-seqs "$S_MAX_SEQS" \
      --max-num-batched-tokens 65536
    ;;
  wide)
    exec radiance serve /m --max-num-seqs 16 --max-num-batched-tokens "$S_MAX_BATCHED_TOKENS" # servelint:ignore privateshape,argvdrift
    ;;
  probe)
    # servelint:ignore privateshape,argvdrift -- covers the if's head only, not its body
    if true; then
      exec radiance serve /m --max-num-seqs 32 --max-num-batched-tokens "$S_MAX_BATCHED_TOKENS"
    fi
    ;;
  arr)
    args=(serve /m
      # servelint:ignore privateshape,argvdrift -- inside an array: the next line only
      --max-num-seqs 4
      --max-num-batched-tokens 512)
    exec radiance "${args[@]}"
    ;;
esac
