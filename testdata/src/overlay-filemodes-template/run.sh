#!/usr/bin/env bash
# .env.example and .env.local match `.env.$mode` but are no modes: a
# template and a developer's own file. serve and bench agree on the shape.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mode=${1:-serve}
. "$here/common.env"
. "$here/.env.$mode"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --port "$PORT"
