#!/usr/bin/env bash
# serve.sh MODEL: per-model presets in tables keyed by the script's word;
# no key is a mode (no serve), no owning env file: nothing to report.
set -euo pipefail
MODEL=${1:-llama}
declare -A PATHS=([llama]=/models/llama-3.1-8b [qwen]=/models/qwen2.5-7b)
declare -A FLAGS=([llama]="--max-num-seqs 128" [qwen]="--max-num-seqs 64 --max-model-len 16384")
[[ -n ${PATHS[$MODEL]:-} ]] || exit 2
# shellcheck disable=SC2086
exec vllm serve "${PATHS[$MODEL]}" ${FLAGS[$MODEL]}
