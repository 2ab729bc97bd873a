#!/usr/bin/env bash
set -euo pipefail
source "$(dirname "$0")/defaults.sh"
python3 bench.py --model "$MODEL"
