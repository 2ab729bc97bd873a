#!/usr/bin/env bash
# apptainer exec hands the container the caller's environment; its -c is
# --contain (a minimal /dev, empty home and tmp), not bash's exec -c: the
# engine reads contain's and prefix's own MAX_BATCH_PREFILL_TOKENS as
# plain's (privateshape), not an empty environment.
set -euo pipefail
cd "$(dirname "$0")"
set -a
. ./tgi.env
set +a
case "${1:-serve}" in
  serve) exec apptainer exec --nv img.sif text-generation-launcher --model-id "$MODEL_ID" ;;
  plain) export MAX_BATCH_PREFILL_TOKENS=4096 # want "plain re-assigns the owner MAX_BATCH_PREFILL_TOKENS=4096 inside the mode"
    exec apptainer exec --nv img.sif text-generation-launcher --model-id "$MODEL_ID" ;;
  contain) export MAX_BATCH_PREFILL_TOKENS=2048 # want "contain re-assigns the owner MAX_BATCH_PREFILL_TOKENS=2048 inside the mode"
    exec apptainer exec -c img.sif text-generation-launcher --model-id "$MODEL_ID" ;;
  prefix) MAX_BATCH_PREFILL_TOKENS=1024 exec apptainer exec -c img.sif text-generation-launcher --model-id "$MODEL_ID" ;; # want "prefix sets its own MAX_BATCH_PREFILL_TOKENS=1024"
esac
