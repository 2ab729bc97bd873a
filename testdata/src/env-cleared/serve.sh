#!/usr/bin/env bash
# TGI reads --max-batch-prefill-tokens from MAX_BATCH_PREFILL_TOKENS. A mode
# that starts the launcher under env -i hands it a cleared environment:
# without the key it boots with the launcher's default, not the owner's
# 8192 (the argv alone is serve's, byte for byte). handed passes the key
# through env -i; sudoed's sudo may keep variables (its policy): not known,
# no finding. Neither for an image run after the clearing (apptainer's
# %environment, pyxis' srun --container-image ENV may set the key).
set -euo pipefail
cd "$(dirname "$0")"
set -a
. ./tgi.env
set +a
case "${1:-serve}" in
  serve) exec text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
  bare) exec env -i PATH="$PATH" text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;; # want "bare's engine starts with a cleared environment that lacks MAX_BATCH_PREFILL_TOKENS .* where serve's reads 8192: it boots with the engine's default"
  handed) exec env -i PATH="$PATH" MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
  sudoed) exec env -i PATH="$PATH" sudo text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
  appt) exec env -i PATH="$PATH" apptainer exec --nv tgi.sif text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
  pyxis) exec srun --export=NONE --container-image=ghcr.io/org/tgi:custom text-generation-launcher --model-id "$MODEL_ID" --port 8080 ;;
esac
