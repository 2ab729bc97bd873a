#!/bin/sh
# As planted.sh, bench adding only what is its own (the port).
set -eu
. "$(dirname "$0")/serve.env"
main() {
  set -- --max-num-seqs "$V_MAX_NUM_SEQS" "$@"
  case ${MODE:-serve} in
    serve) ;;
    bench) set -- "$@" --port 8001 ;;
  esac
  exec vllm serve /models/m "$@"
}
main "$@"
