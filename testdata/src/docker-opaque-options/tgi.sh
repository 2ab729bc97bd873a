#!/usr/bin/env bash
# tgi.sh MODE [-- EXTRA DOCKER ARGS]: the caller's docker options come
# before the image, a number of words nobody knows; the image and the
# launcher's own flags after them still locate the engine.
set -euo pipefail
source "$(dirname "$0")/tgi.env"
mode="${1:-serve}"; shift || true
[[ ${1:-} == -- ]] && shift
docker_extra=("$@")
launcher_args=(--model-id /data/m --max-batch-total-tokens "$MAX_BATCH_TOTAL_TOKENS" --port 80)
case "$mode" in
  serve) launcher_args+=(--json-output) ;;
  bench) launcher_args+=(--max-batch-total-tokens 4096) ;; # want "bench passes a second --max-batch-total-tokens 4096" "bench boots with --max-batch-total-tokens 4096 where serve boots with 16384"
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
docker run -d --name "tgi-$mode" --gpus all --shm-size 2g \
  -e HF_TOKEN "${docker_extra[@]}" \
  "$TGI_IMAGE" "${launcher_args[@]}"
