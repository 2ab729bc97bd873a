#!/usr/bin/env bash
# ssh HOST K=V COMMAND…: ssh joins its words for the host's shell, which
# reads the leading assignments as the command's prefix: the engine's
# environment, as a local prefix's is; a mode's own value is reported.
set -euo pipefail
. "$(dirname "$0")/tgi.env"
case "${1:-serve}" in
  serve) ssh gpu1 text-generation-launcher --model-id /m --max-concurrent-requests "$MAX_CONCURRENT_REQUESTS" ;;
  pre) ssh gpu1 MAX_CONCURRENT_REQUESTS=64 text-generation-launcher --model-id /m ;; # want "pre's engine reads MAX_CONCURRENT_REQUESTS=64 from its environment"
  two) ssh -l ops gpu1 HF_HUB_OFFLINE=1 MAX_CONCURRENT_REQUESTS=65 nohup text-generation-launcher --model-id /m ;; # want "two's engine reads MAX_CONCURRENT_REQUESTS=65 from its environment"
  *) exit 2 ;;
esac
