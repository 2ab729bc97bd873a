#!/usr/bin/env bash
# A correct multi-mode script: every mode inherits the shape. Silent.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=boot.env
source "${here}/boot.env"

# Check free disk space before pulling: the image is large and costs nothing
# to keep once pulled.
df -h /var/lib/docker

mode="${1:-serve}"
step="$RAD_MAX_BATCHED_TOKENS"
placement=ram
case "$mode" in
  serve|kl|kl-ref) ;;
  calib)
    # calib's own knobs come from the env file: one document per step, and
    # the n-gram table on disk.
    step="$RAD_CALIB_BATCHED_TOKENS"
    placement=disk
    ;;
  *)
    echo "unknown mode: $mode" >&2
    exit 2
    ;;
esac

args=(serve "$RAD_MODEL"
  --max-model-len "$RAD_MAX_MODEL_LEN"
  --max-num-seqs "$RAD_MAX_SEQS"
  --max-num-batched-tokens "$step"
  --ngram-placement "$placement")

exec docker run --rm --gpus all --env-file "$here/boot.env" "$RAD_IMAGE" radiance "${args[@]}" --port "$RAD_PORT"
