#!/usr/bin/env bash
. "$(dirname "$0")/dup.env"
exec vllm serve /m --max-num-seqs "$DUP_MAX_NUM_SEQS"
