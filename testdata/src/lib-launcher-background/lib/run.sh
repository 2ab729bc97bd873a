#!/usr/bin/env bash
# Boots the engine in the background with the caller's words.
bgrun() { nohup vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" "$@" > /tmp/vllm.log 2>&1 & }
