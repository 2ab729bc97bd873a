#!/usr/bin/env bash
# The image is the env file's default (VLLM_IMAGE=${VLLM_IMAGE:-…}), run
# through a library's runner: both are read, and bench's own seats seen.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/lib/common.sh"
. "$here/vllm.env"
case "${1:-serve}" in
  serve) run docker run -d --name vllm "$VLLM_IMAGE" --model /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" ;;
  kl) run docker run -d --name vllm "$VLLM_IMAGE" --model /m --max-num-seqs "$VLLM_MAX_NUM_SEQS" --seed 0 ;;
  bench) run docker run -d --name vllm "$VLLM_IMAGE" --model /m --max-num-seqs 256 ;;
esac
# want@11 "bench boots with --max-num-seqs 256 where serve boots with 64" "bench passes --max-num-seqs 256"
