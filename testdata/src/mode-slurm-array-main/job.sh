#!/usr/bin/env bash
#SBATCH --array=0-1
# The same script as mode-slurm-array with its body wrapped in main "$@":
# MODES and the pick assigned in main's body are the top level's.
# A Slurm array job: the task's index picks the mode from a literal array.
# bench's own seats were no mode's; each element the case tests is a mode
# now, evaluated with SLURM_ARRAY_TASK_ID its index.
main() {
set -euo pipefail
. "$(dirname "$0")/env/serve.env"
MODES=(serve bench)
MODE=${MODES[$SLURM_ARRAY_TASK_ID]}
args=(--model /models/m --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN")
case "$MODE" in
  serve) ;;
  bench) args+=(--max-num-seqs 16) ;; # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
esac
exec vllm serve "${args[@]}"
}
main "$@"
