#!/usr/bin/env bash
# A case on "$0" whose arm *bench* (meant for a symlink bench.sh) also
# matches this directory's name, self-dollar0-benchdir: where the repo is
# checked out, not the name run, takes the arm, so it names no mode to
# compare (serve.sh was said to boot bench's seqs=256, a false alarm).
set -euo pipefail
. "$(dirname "$0")/serve.env"
seqs=$MAX_NUM_SEQS
case "$0" in
  *bench*) seqs=256 ;;
esac
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
