#!/usr/bin/env bash
# One path: the library's mode_kl is this script's shared code.
set -euo pipefail
source "$(dirname "$0")/lib/modes.sh"
source "$(dirname "$0")/serve.env"
mode_kl
exec vllm serve --model "$MODEL" "${EXTRA[@]}"
