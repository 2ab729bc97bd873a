#!/usr/bin/env bash
# A shell set as a compose run's entrypoint runs the string after the
# service's -c: its engine is the container's command, as docker run
# --entrypoint bash IMAGE -c "…" is read. A mode's own shape is reported.
set -euo pipefail
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=4 ;; # want "bench boots with --max-num-seqs 4 where serve boots with 512" "bench passes --max-num-seqs 4 through the mode-local seqs=4"
esac
docker compose run --rm --entrypoint bash llm -c "vllm serve /m --max-num-seqs $seqs"
