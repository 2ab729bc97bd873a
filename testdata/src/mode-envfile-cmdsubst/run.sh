#!/usr/bin/env bash
# bench reads its file in a command substitution: the engine's shell keeps
# serve.env's value, nothing to report in bench.env.
here=$(dirname "$0")
. "$here/serve.env"
case "${1:-serve}" in
  serve) ;;
  bench) note=$(. "$here/bench.env"; echo "$ML_MAX_NUM_SEQS"); echo "bench file: $note" ;;
esac
exec vllm serve /m --max-num-seqs "$ML_MAX_NUM_SEQS"
