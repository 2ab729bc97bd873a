#!/usr/bin/env bash
[[ -f "$(dirname "$0")/_common.sh" ]] && . "$(dirname "$0")/_common.sh"
exec vllm serve "$MODEL" "${ARGS[@]}"
