#!/usr/bin/env bash
set -euo pipefail
exec docker run -d --name rig --gpus all --network host registry.local/radiance:1.4 radiance serve /cache/qwen38 --max-num-batched-tokens 1024 --ngram-placement ram --port 7770
