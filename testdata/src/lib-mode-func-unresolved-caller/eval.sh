#!/usr/bin/env bash
# A quick kl run on a dev box.
set -euo pipefail
ROOT=$(git rev-parse --show-toplevel)
source "$ROOT/lib/modes.sh"
source "$(dirname "$0")/serve.env"
mode_kl
exec vllm serve --model "$MODEL" "${EXTRA[@]}"
