#!/usr/bin/env bash
# The same with sh by its path, attached: --entrypoint=/bin/sh.
set -euo pipefail
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) seqs=$MAX_NUM_SEQS ;;
  bench) seqs=8 ;; # want "bench boots with --max-num-seqs 8 where serve boots with 512" "bench passes --max-num-seqs 8 through the mode-local seqs=8"
esac
docker-compose run -T --entrypoint=/bin/sh llm -c "exec vllm serve /m --max-num-seqs $seqs"
