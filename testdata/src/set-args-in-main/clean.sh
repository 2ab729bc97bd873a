#!/bin/sh
# As planted.sh, each mode adding only what is its own (the port).
set -eu
. "$(dirname "$0")/serve.env"
main() {
  mode=${1:-serve}
  set -- vllm serve /models/m --max-num-seqs "$V_MAX_NUM_SEQS"
  case $mode in
    serve) set -- "$@" --port 8000 ;;
    bench) set -- "$@" --port 8001 ;;
  esac
  exec "$@"
}
main "$@"
