#!/usr/bin/env bash
# srun --export=NONE starts the job step with none of the caller's
# variables but SLURM_*, and a list without ALL with the ones it names:
# none's, list's and prefix's own MAX_BATCH_PREFILL_TOKENS never reach the
# launcher (no privateshape finding), and neither do the owner's values
# serve's engine reads: those modes boot with the launcher's defaults
# (argvdrift). A K=V of the list is handed to it: listkv boots with 2048.
# --export=ALL hands everything: keep's export does reach it.
set -euo pipefail
cd "$(dirname "$0")"
set -a
. ./tgi.env
set +a
case "${1:-serve}" in
  serve) exec srun -n 1 text-generation-launcher --model-id "$MODEL_ID" ;;
  none) export MAX_BATCH_PREFILL_TOKENS=4096 # want "engine starts with a cleared environment that lacks MAX_CONCURRENT_REQUESTS .* where serve's reads 64" "engine starts with a cleared environment that lacks MAX_BATCH_PREFILL_TOKENS .* where serve's reads 8192"
    exec srun --export=NONE -n 1 text-generation-launcher --model-id "$MODEL_ID" ;;
  list) export MAX_BATCH_PREFILL_TOKENS=4096 # want "engine starts with a cleared environment that lacks MAX_CONCURRENT_REQUESTS .* where serve's reads 64" "engine starts with a cleared environment that lacks MAX_BATCH_PREFILL_TOKENS .* where serve's reads 8192"
    exec srun -w gpu01 --export=MODEL_ID,PATH -n 1 text-generation-launcher --model-id "$MODEL_ID" ;;
  prefix) MAX_BATCH_PREFILL_TOKENS=4096 exec srun --export=NONE text-generation-launcher --model-id "$MODEL_ID" ;; # want "engine starts with a cleared environment that lacks MAX_CONCURRENT_REQUESTS .* where serve's reads 64" "engine starts with a cleared environment that lacks MAX_BATCH_PREFILL_TOKENS .* where serve's reads 8192"
  listkv) exec srun --export MAX_BATCH_PREFILL_TOKENS=2048 -n 1 text-generation-launcher --model-id "$MODEL_ID" ;; # want "listkv's engine reads MAX_BATCH_PREFILL_TOKENS=2048 from its environment .* where serve's reads 8192" "listkv's engine starts with a cleared environment that lacks MAX_CONCURRENT_REQUESTS"
  keep) export MAX_BATCH_PREFILL_TOKENS=4096 # want "keep re-assigns the owner MAX_BATCH_PREFILL_TOKENS=4096"
    exec srun --export=ALL -n 1 text-generation-launcher --model-id "$MODEL_ID" ;;
esac
