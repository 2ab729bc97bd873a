#!/usr/bin/env bash
# A table keyed by the GPU, not the mode: a host preset every mode reads
# alike; the modes are the case's, and both boot the same shape.
set -euo pipefail
. "$(dirname "$0")/serve.env"
GPU=${GPU:-h100}
declare -A EXTRA=([a100]="--max-num-seqs 128" [h100]="")
case "${1:-serve}" in
  serve) port=8000 ;;
  bench) port=8001 ;;
  *) exit 2 ;;
esac
# shellcheck disable=SC2086
exec vllm serve /models/m --port "$port" --max-num-seqs "$GP_MAX_NUM_SEQS" ${EXTRA[$GPU]}
