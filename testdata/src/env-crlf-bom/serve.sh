#!/usr/bin/env bash
# Env files only bash reads, one with CRLF line endings and one with a BOM.
here=$(dirname "$0")
. "$here/crlf.env"
. "$here/bom.env"
exec vllm serve /m --max-num-seqs "$W_MAX_NUM_SEQS" --max-num-batched-tokens "$W_MAX_NUM_BATCHED_TOKENS"
