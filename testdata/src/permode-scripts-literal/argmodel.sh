#!/usr/bin/env bash
. "$(dirname "$0")/serve.env"
exec vllm serve "$1" --max-num-seqs 4
