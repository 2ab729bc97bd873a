#!/usr/bin/env bash
# MODE=longctx run.sh serves another model, named in longctx.env, with
# that model's own context length: no mode of the proven model's shape.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
MODE=${MODE:-serve}
. "$here/common.env"
. "$here/$MODE.env"
exec vllm serve "$OM_MODEL" --max-num-seqs "$OM_MAX_NUM_SEQS" --max-model-len "$OM_MAX_MODEL_LEN" --port "$OM_PORT"
