#!/usr/bin/env bash
# The container gets the owner's file (docker exec --env-file): a mode's
# env K=V in its command is set over the file's own.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) docker exec --env-file "$here/tgi.env" tgi text-generation-launcher --model-id /m ;;
  bench) docker exec --env-file "$here/tgi.env" tgi env MAX_CONCURRENT_REQUESTS=64 text-generation-launcher --model-id /m ;; # want "bench sets MAX_CONCURRENT_REQUESTS=64 in the container \(env on the engine's command\), over the --env-file's own"
esac
