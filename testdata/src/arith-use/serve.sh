#!/usr/bin/env bash
. "$(dirname "$0")/shape.env"
exec vllm serve /m --max-num-seqs "$S_MAX_NUM_SEQS" --max-num-batched-tokens "$S_MAX_NUM_BATCHED_TOKENS"
