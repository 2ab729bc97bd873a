#!/bin/bash
# The repository's root as the dirname of the script's directory:
# config/rig.env there owns the seats, so bench's 64 is the mode's own.
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(dirname "$SCRIPT_DIR")
source "$REPO_ROOT/config/rig.env"
case ${1:-serve} in
  serve) exec vllm serve /m --max-num-seqs "$RIG_MAX_NUM_SEQS" --max-num-batched-tokens "$RIG_MAX_NUM_BATCHED_TOKENS" ;;
  bench) exec vllm serve /m --max-num-seqs 64 --max-num-batched-tokens "$RIG_MAX_NUM_BATCHED_TOKENS" ;; # want "bench passes --max-num-seqs 64; .*rig.env:1 owns it as RIG_MAX_NUM_SEQS=32" "bench boots with --max-num-seqs 64 where serve boots with 32.*\(argvdrift\)"
esac
