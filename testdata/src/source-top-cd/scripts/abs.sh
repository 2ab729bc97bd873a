#!/usr/bin/env bash
# cd /workspace: a path of the machine the script boots on (the repository
# mounted in a container), not of the one that lints it; the w.env beside
# the script is read as the owner, as before the cd was followed.
cd /workspace
source ./w.env
case "${1:-serve}" in
  serve) exec vllm serve /m --max-num-seqs "$W_MAX_NUM_SEQS" ;;
  bench) exec vllm serve /m --max-num-seqs 64 ;; # want "bench passes --max-num-seqs 64; .*w.env:1 owns it as W_MAX_NUM_SEQS=16" "bench boots with --max-num-seqs 64"
esac
