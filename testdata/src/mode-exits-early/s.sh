#!/usr/bin/env bash
# Subcommands that end the script before the launch line: what their
# branches assign never reaches an engine (bash never runs the launch line
# in them), so they are no modes to compare or report. bench calls a
# function that boots the engine before its exit: a mode, found.
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
client() { python bench.py --max-concurrency "$seqs"; }
boot() { vllm serve /m --max-num-seqs "$seqs"; } # want "bench passes --max-num-seqs 32 through the mode-local seqs=32" "bench boots with --max-num-seqs 32 where serve boots with 256"
if [[ ${1:-} == status ]]; then
  seqs=0
  curl -s localhost:8000/metrics | grep num_requests_running
  exit 0
fi
case "${1:-serve}" in
  serve) ;;
  load) seqs=64; client; exit 0 ;;
  stop) seqs=0; pkill -f "vllm serve"; exit ;;
  info) seqs=1; echo "seqs=$seqs"; return 0 2>/dev/null || exit 0 ;;
  bench) seqs=32; boot; exit ;;
esac
exec vllm serve /m --max-num-seqs "$seqs"
