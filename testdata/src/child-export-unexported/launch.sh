#!/usr/bin/env bash
# The caller's SEQS, else the caller's MAX_NUM_SEQS: this launcher sources
# no env file, its caller's environment is all it has.
exec vllm serve Qwen/Qwen3-8B --max-num-seqs "${SEQS:-$MAX_NUM_SEQS}" "$@"
