#!/usr/bin/env bash
# tgi.sh MODE [-- EXTRA DOCKER ARGS]: the caller's docker options come
# before the image; every mode boots the shape tgi.env owns, eval with
# request logging. A tool image run the same way is no engine. Nothing to
# report.
set -euo pipefail
source "$(dirname "$0")/tgi.env"
mode="${1:-serve}"; shift || true
[[ ${1:-} == -- ]] && shift
docker_extra=("$@")
launcher_args=(--model-id /data/m --max-batch-total-tokens "$MAX_BATCH_TOTAL_TOKENS" --port 80)
case "$mode" in
  serve) launcher_args+=(--json-output) ;;
  eval) launcher_args+=(--json-output --env) ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
docker run --rm "${docker_extra[@]}" -v /data:/data myorg/hf-tools:1.2 --model-id /data/m --max-batch-total-tokens 1024
docker run -d --name "tgi-$mode" --gpus all \
  -e HF_TOKEN "${docker_extra[@]}" \
  "$TGI_IMAGE" "${launcher_args[@]}"
