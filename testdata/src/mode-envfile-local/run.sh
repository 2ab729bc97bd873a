#!/usr/bin/env bash
# bench reads its file under a local of the key: the engine's shell keeps
# serve.env's value, nothing to report in bench.env.
here=$(dirname "$0")
. "$here/serve.env"
load() { local ML_MAX_NUM_SEQS; . "$here/bench.env"; echo "bench file has $ML_MAX_NUM_SEQS"; }
case "${1:-serve}" in
  serve) ;;
  bench) load ;;
esac
exec vllm serve /m --max-num-seqs "$ML_MAX_NUM_SEQS"
