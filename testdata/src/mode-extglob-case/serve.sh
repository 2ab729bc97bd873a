#!/bin/bash
# Arms naming their modes by @(…) of words named none: @(bench|perf) lists
# two modes as bench|perf does, @(serve|prod) the proven serve. A word an
# earlier arm takes (serve in @(serve|dev)) is not the later arm's.
set -eu
shopt -s extglob
. "$(dirname "$0")/serve.env"
mode=${1:-serve}
seqs=$MAX_NUM_SEQS
case $mode in
  @(serve|prod)) ;;
  @(bench|perf)) seqs=16 ;; # want "bench \(as @\(bench\|perf\)\) passes" "perf \(as @\(bench\|perf\)\) passes" "bench \(as @\(bench\|perf\)\) boots with --max-num-seqs 16 where serve boots with 8" "perf \(as @\(bench\|perf\)\) boots with --max-num-seqs 16 where serve boots with 8"
  @(serve|dev)) seqs=4 ;; # want "dev \(as @\(serve\|dev\)\) passes" "dev \(as @\(serve\|dev\)\) boots with --max-num-seqs 4 where serve boots with 8"
esac
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
