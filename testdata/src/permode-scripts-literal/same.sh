#!/usr/bin/env bash
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs 128 --port 9
