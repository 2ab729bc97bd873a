#!/usr/bin/env bash
# kl's seat count comes from jq, which the sandbox does not run: said, not
# guessed and not passed in silence.
set -euo pipefail
here=$(dirname "$0")
. "$here/j.env"
case "$1" in
  serve)
    seqs=$J_MAX_NUM_SEQS ;;
  kl)
    seqs=$(jq -r .max_num_seqs "$here/cfg.json") ;; # want "kl's --max-num-seqs is not statically known \(<unresolved: jq -r .max_num_seqs .*\): it was not compared with serve's 32"
  *) exit 2 ;;
esac
exec vllm serve /m --max-num-seqs "$seqs" --max-num-batched-tokens "$J_MAX_NUM_BATCHED_TOKENS"
