#!/usr/bin/env bash
. "$(dirname "$0")/serve.env"
exec vllm serve facebook/opt-125m --max-num-seqs 4
