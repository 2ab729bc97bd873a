#!/usr/bin/env bash
# ssh strings whose engine boots with serve's shape, or whose environment
# is not the string's own: the owner's value set on the host; the
# script's export, which never reaches the host; a shell variable the
# string sets without exporting it (not the engine's); an expansion the
# host's shell makes (its value is the host's); a file the host's shell
# sources or reads (the host's file, not the one beside the script).
set -euo pipefail
. "$(dirname "$0")/tgi.env"
case "${1:-serve}" in
  serve) ssh gpu1 text-generation-launcher --model-id /m --max-concurrent-requests "$MAX_CONCURRENT_REQUESTS" ;;
  same) ssh gpu1 "MAX_CONCURRENT_REQUESTS=128 text-generation-launcher --model-id /m" ;;
  bench) export MAX_CONCURRENT_REQUESTS=64; ssh gpu1 "text-generation-launcher --model-id /m" ;;
  unexp) ssh gpu1 "MAX_CONCURRENT_REQUESTS=64; text-generation-launcher --model-id /m" ;;
  hostvar) ssh gpu1 'MAX_CONCURRENT_REQUESTS=$N text-generation-launcher --model-id /m' ;;
  srcd) ssh gpu1 "set -a; . ./host.env; exec text-generation-launcher --model-id /m" ;;
  rd) ssh gpu1 "read -r MAX_CONCURRENT_REQUESTS < ./seqs.txt; export MAX_CONCURRENT_REQUESTS; exec text-generation-launcher --model-id /m" ;;
  *) exit 2 ;;
esac
