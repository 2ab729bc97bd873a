#!/usr/bin/env bash
# Names the script runs as whose arms set the owner's values, and a
# default arm that refuses other names: nothing to report.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "$(basename "$0")" in
  serve.sh) port=8000 ;;
  bench.sh) port=8001 ;;
  *) echo "run as serve.sh or bench.sh" >&2; exit 2 ;;
esac
exec vllm serve --model /models/m --port "$port" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN"
