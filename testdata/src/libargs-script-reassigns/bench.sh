#!/usr/bin/env bash
. "$(dirname "$0")/_common.sh"
ARGS=(--port 8001)
exec vllm serve "$MODEL" "${ARGS[@]}" --max-num-seqs 512 # want "bench.sh passes --max-num-seqs 512; .*serve.env:2 owns it"
