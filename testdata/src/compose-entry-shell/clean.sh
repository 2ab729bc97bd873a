#!/usr/bin/env bash
# Shell entrypoints whose string is not read: a -c after a script
# entrypoint (its arguments, not a shell's), a shell given no -c (a script
# file), and the twin of drift.sh that boots with the owner's value.
set -euo pipefail
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) docker compose run --rm --entrypoint /bin/bash llm -c "vllm serve /m --max-num-seqs ${MAX_NUM_SEQS}" ;;
  script) docker compose run --rm --entrypoint /opt/start.sh llm -c "vllm serve /m --max-num-seqs 128" ;;
  file) docker compose run --rm --entrypoint bash llm /opt/serve.sh --max-num-seqs 128 ;;
  *) exit 2 ;;
esac
