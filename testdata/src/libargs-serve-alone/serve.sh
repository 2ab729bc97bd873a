#!/usr/bin/env bash
. "$(dirname "$0")/_common.sh"
exec vllm serve "$MODEL" "${ARGS[@]}"
