#!/usr/bin/env bash
# As planted.sh, bench booting with the shared number.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
set -a; . "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"; set +a
case ${1:-serve} in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=$MAX_NUM_SEQS ;;
esac
docker run --rm --gpus all --env-file "$here/vllm.env" "$IMAGE" \
  --model "$MODEL" --max-num-seqs "$seqs"
