#!/usr/bin/env bash
# smoke returns from main "$@" before the launch: its seqs=2 never reaches
# vllm. Only a log line follows the call of main, which boots nothing, so
# the return ends the script as exit does. It was read as running on to
# the shared exec: "smoke passes --max-num-seqs 2" was a false alarm.
set -euo pipefail
. "$(dirname "$0")/serve.env"
main() {
  seqs=$MAX_NUM_SEQS
  case "${1:-serve}" in
    serve) ;;
    smoke) seqs=2; echo "smoke test only"; return 0 ;;
    bench) seqs=16 ;; # want "bench passes --max-num-seqs 16 through the mode-local seqs=16" "bench boots with --max-num-seqs 16 where serve boots with 8"
  esac
  exec vllm serve /m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
}
main "$@"
echo "main returned" >&2
