#!/usr/bin/env bash
#SBATCH --array=0-2
# An array job whose modes set the owner's values, the index defaulted:
# nothing to report.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODES=(serve bench kl)
mode="${MODES[${SLURM_ARRAY_TASK_ID:-0}]}"
case "$mode" in
  serve) port=8000 ;;
  bench) port=8001 ;;
  kl) port=8002 ;;
  *) echo "unknown task" >&2; exit 2 ;;
esac
exec vllm serve --model /models/m --port "$port" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN"
