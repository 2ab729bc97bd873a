#!/bin/bash
# A client script of its own: no engine, its batch from the same file.
set -eu
. "$(dirname "$0")/bench.env"
BS=${1:-$MAX_BATCH_SIZE}
python3 bench.py --url http://localhost:8080 --batch-size "$BS"
