#!/usr/bin/env bash
# The key ${!key} reads is LLAMA_MAX_NUM_SEQS unless FAMILY names another:
# printf -v writes it (as read, mapfile or a for loop would), so any key
# may be read and none is unused (no finding).
set -euo pipefail
. "$(dirname "$0")/profiles.env"
key=LLAMA_MAX_NUM_SEQS
[[ -n ${FAMILY:-} ]] && printf -v key '%s_MAX_NUM_SEQS' "${FAMILY^^}"
exec vllm serve "$MODEL" --max-num-seqs "${!key}"
