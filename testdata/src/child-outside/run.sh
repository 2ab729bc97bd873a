#!/usr/bin/env bash
# Modes that run a script outside the linted tree, or one that is not
# there: neither is read (nor run); they are no modes of the proven shape.
set -euo pipefail
here=$(dirname "$0")
. "$here/serve.env"
case "${1:-serve}" in
  serve) exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" --port 8001 ;;
  ext) exec /opt/serving/launch.sh --max-num-seqs 32 ;;
  gone) exec "$here/missing.sh" --max-num-seqs 32 ;;
  up) bash ../../outside.sh --max-num-seqs 32 ;;
esac
