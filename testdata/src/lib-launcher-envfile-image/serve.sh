#!/usr/bin/env bash
# A library launcher whose image is the owning env file's (VLLM_IMAGE): read
# as the dry run reads it, so the modes and bench's own seats are seen.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/lib/run.sh"
. "$here/vllm.env"
main() {
  case "${1:-serve}" in
    serve) in_docker --model /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" ;;
    kl) in_docker --model /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --seed 0 ;;
    bench) in_docker --model /m --max-num-seqs 256 ;; # want "bench boots with --max-num-seqs 256 where serve boots with 64" "bench passes --max-num-seqs 256"
  esac
}
main "$@"
