#!/usr/bin/env bash
. "$(dirname "$0")/serve.env"
vllm bench serve --model "$MODEL" --max-concurrency 512 --num-prompts 1000
python benchmark_serving.py --model "$MODEL" --max-concurrency 512
