#!/usr/bin/env bash
# A container's shell string (docker exec CTR bash -c STRING, docker run
# IMAGE sh -c STRING): what that shell sets for the engine (a prefix
# assignment, an env wrapper's K=V, an export) is the engine's
# environment, as `docker exec CTR env K=V …` is and as an ssh string's
# is; a mode's own value there is reported. It was dropped: only docker's
# -e and --env-file made the environment of an engine in a container.
set -euo pipefail
. "$(dirname "$0")/tgi.env"
case "${1:-serve}" in
  serve) docker exec tgi text-generation-launcher --model-id /m --max-concurrent-requests "$MAX_CONCURRENT_REQUESTS" ;;
  pre) docker exec tgi bash -c "MAX_CONCURRENT_REQUESTS=64 text-generation-launcher --model-id /m" ;; # want "pre's engine reads MAX_CONCURRENT_REQUESTS=64 from its environment"
  envw) docker exec -e HF_TOKEN tgi sh -c 'env MAX_CONCURRENT_REQUESTS=65 text-generation-launcher --model-id /m' ;; # want "envw's engine reads MAX_CONCURRENT_REQUESTS=65 from its environment"
  exp) docker exec tgi bash -lc "export MAX_CONCURRENT_REQUESTS=66; exec text-generation-launcher --model-id /m" ;; # want "exp's engine reads MAX_CONCURRENT_REQUESTS=66 from its environment"
  run) docker run --rm -e MAX_CONCURRENT_REQUESTS=128 img bash -c "MAX_CONCURRENT_REQUESTS=67 text-generation-launcher --model-id /m" ;; # want "run's engine reads MAX_CONCURRENT_REQUESTS=67 from its environment"
  *) exit 2 ;;
esac
