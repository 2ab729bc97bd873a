#!/usr/bin/env bash
# The shell never reads tgi.env (docker --env-file alone): host's
# -e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" hands the caller's
# value, not the owner's, and writing it into bench would hand an empty one
# (no privateshape finding). The dry run still sees bench's engine boot
# with its own 256 where serve's boots with the owner's 64 (argvdrift); the
# caller's value host hands on is not the sandbox's to compare.
set -eo pipefail
here=$(dirname "$0")
IMAGE=ghcr.io/huggingface/text-generation-inference:3.0.1
case "${1:-serve}" in
  serve) docker run --rm --gpus all --env-file "$here/tgi.env" "$IMAGE" ;;
  host) docker run --rm --gpus all -e MODEL_ID=m -e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS" "$IMAGE" ;; # want "MAX_CONCURRENT_REQUESTS is read here, but .*tgi.env:3, which defines it, reaches only the commands the script runs"
  bench) docker run --rm --gpus all -e MODEL_ID=m -e MAX_CONCURRENT_REQUESTS=256 "$IMAGE" ;; # want "bench's engine reads MAX_CONCURRENT_REQUESTS=256 from its environment .as --max-concurrent-requests, which the argv does not pass. where serve's reads 64; the argv is the proven mode's, the boot is not .*tgi.env:3 owns it as MAX_CONCURRENT_REQUESTS=64. .argvdrift."
esac
