#!/usr/bin/env bash
# Container shell strings whose engine boots with serve's shape, or whose
# environment is not read from the string: the owner's value set in the
# container (literally, or expanded by the script before docker sees it);
# the script's export, which never reaches docker exec's container; a
# shell variable the string sets without exporting it; an expansion the
# container's shell makes (its value is the container's), and a string
# that sources a file (the container's, not the tree's): neither is taken.
set -euo pipefail
. "$(dirname "$0")/tgi.env"
case "${1:-serve}" in
  serve) docker exec tgi text-generation-launcher --model-id /m --max-concurrent-requests "$MAX_CONCURRENT_REQUESTS" ;;
  same) docker exec tgi bash -c "MAX_CONCURRENT_REQUESTS=128 text-generation-launcher --model-id /m" ;;
  owner) docker exec tgi bash -c "MAX_CONCURRENT_REQUESTS=$MAX_CONCURRENT_REQUESTS text-generation-launcher --model-id /m" ;;
  bench) export MAX_CONCURRENT_REQUESTS=64; docker exec tgi bash -c "text-generation-launcher --model-id /m" ;;
  unexp) docker exec tgi bash -c "MAX_CONCURRENT_REQUESTS=64; text-generation-launcher --model-id /m" ;;
  ctrvar) docker exec tgi bash -c 'MAX_CONCURRENT_REQUESTS=${N:-64} text-generation-launcher --model-id /m' ;;
  sourced) docker exec tgi bash -c '. /etc/tgi.env; MAX_CONCURRENT_REQUESTS=64 text-generation-launcher --model-id /m' ;;
  *) exit 2 ;;
esac
