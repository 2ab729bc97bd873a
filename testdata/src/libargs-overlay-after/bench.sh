#!/usr/bin/env bash
. "$(dirname "$0")/_common.sh"
. "$(dirname "$0")/bench.env"
exec vllm serve "$MODEL" "${ARGS[@]}" --max-num-seqs 512
