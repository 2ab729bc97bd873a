#!/usr/bin/env bash
# ssh HOST STRING: what the host's shell sets for the engine in the
# string (a prefix assignment, an env wrapper's K=V, an export) is the
# engine's environment, as `ssh HOST env K=V …` is and as a local
# command's is; a mode's own value there is reported.
set -euo pipefail
. "$(dirname "$0")/tgi.env"
case "${1:-serve}" in
  serve) ssh gpu1 text-generation-launcher --model-id /m --max-concurrent-requests "$MAX_CONCURRENT_REQUESTS" ;;
  pre) ssh gpu1 "MAX_CONCURRENT_REQUESTS=64 text-generation-launcher --model-id /m" ;; # want "pre's engine reads MAX_CONCURRENT_REQUESTS=64 from its environment"
  envw) ssh -p 2222 gpu1 'env MAX_CONCURRENT_REQUESTS=65 text-generation-launcher --model-id /m' ;; # want "envw's engine reads MAX_CONCURRENT_REQUESTS=65 from its environment"
  exp) ssh gpu1 "export MAX_CONCURRENT_REQUESTS=66; exec text-generation-launcher --model-id /m" ;; # want "exp's engine reads MAX_CONCURRENT_REQUESTS=66 from its environment"
  pass) sshpass -e ssh gpu1 "MAX_CONCURRENT_REQUESTS=67 nohup text-generation-launcher --model-id /m" ;; # want "pass's engine reads MAX_CONCURRENT_REQUESTS=67 from its environment"
  *) exit 2 ;;
esac
