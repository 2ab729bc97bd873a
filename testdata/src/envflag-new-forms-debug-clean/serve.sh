#!/usr/bin/env bash
# Tracing flags in the new written forms are never modes.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
args=(--max-num-seqs "$MAX_NUM_SEQS")
[[ ${DEBUG:-0} -eq 1 ]] && args+=(--max-num-seqs 1)
[[ $VERBOSE_ENGINE ]] && args+=(--max-num-seqs 2)
exec vllm serve "$MODEL" "${args[@]}"
