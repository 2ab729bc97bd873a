#!/usr/bin/env bash
# SGLang's numbers, sourced by launch.sh: a file of exports alone is the
# launcher's owning env file, read by bash alone (no envdialect finding
# on `export`).
export MODEL_PATH=Qwen/Qwen2.5-7B-Instruct
export MEM_FRACTION_STATIC=0.85   # fraction of the card for weights + KV
declare -x MAX_RUNNING_REQUESTS=32
readonly CHUNKED_PREFILL_SIZE=8192
