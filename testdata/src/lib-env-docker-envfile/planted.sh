#!/usr/bin/env bash
# The image is the env file's $IMAGE; the env file is sourced by
# lib/common.sh, and named to docker with --env-file. The script's shell
# was taken to read vllm.env only through docker (its own sources alone were
# looked at), so $IMAGE was unknown, no engine was found and bench's private
# --max-num-seqs 16 went unreported.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
set -a; . "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"; set +a
case ${1:-serve} in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=16 ;; # want "bench boots with --max-num-seqs 16 where serve boots with 64" "bench passes --max-num-seqs 16 through the mode-local seqs=16"
esac
docker run --rm --gpus all --env-file "$here/vllm.env" "$IMAGE" \
  --model "$MODEL" --max-num-seqs "$seqs"
