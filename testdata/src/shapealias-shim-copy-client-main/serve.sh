#!/usr/bin/env bash
# The same script as shapealias-shim-copy-client with its body wrapped in
# main "$@": args=(…) still expands CC_MAX_NUM_SEQS before bench
# re-assigns it (silent).
# BENCH_CC_MAX_NUM_SEQS is the benchmark client's concurrency: bench hands
# it to the client, whatever else reads it. A number of another program,
# not a shim (silent).
main() {
set -euo pipefail
. "$(dirname "$0")/serve.env"
args=(serve org/m --max-num-seqs "$CC_MAX_NUM_SEQS" --max-model-len "$CC_MAX_MODEL_LEN")
case "${1:-serve}" in
  serve) exec vllm "${args[@]}" ;;
  bench)
    vllm "${args[@]}" --port 8001 &
    CC_MAX_NUM_SEQS="$BENCH_CC_MAX_NUM_SEQS"
    python3 bench.py --max-concurrency "$BENCH_CC_MAX_NUM_SEQS" --port 8001
    wait
    ;;
  *) exit 2 ;;
esac
}
main "$@"
