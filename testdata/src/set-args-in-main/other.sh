#!/bin/sh
# launch is handed words of its own, not the script's: its set -- is not
# read as the engine's argv (which call runs it decides), so nothing is
# claimed about it.
set -eu
. "$(dirname "$0")/serve.env"
launch() {
  set -- vllm serve /models/m --max-num-seqs "$1"
  exec "$@"
}
case ${1:-serve} in
  serve) launch "$V_MAX_NUM_SEQS" ;;
  bench) launch "$V_MAX_NUM_SEQS" ;;
esac
