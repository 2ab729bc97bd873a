#!/usr/bin/env bash
# The GPU check keeps nvidia-smi's status through tee: the interpreter
# never sets PIPESTATUS, and under set -u every mode stopped
# ("PIPESTATUS: unbound variable"). After a pipeline it now holds the
# statuses the sandbox gave each command (nvidia-smi, not run, succeeds),
# so serve is evaluated and bench's 16 is compared with the env file's 64.
set -euo pipefail
source "$(dirname "$0")/serve.env"
nvidia-smi -L | tee gpus.txt
if [ "${PIPESTATUS[0]}" -ne 0 ]; then echo "no GPU" >&2; exit 1; fi
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs 16 ;; # want "bench boots with --max-num-seqs 16 where serve boots with 64" "bench passes --max-num-seqs 16"
esac
