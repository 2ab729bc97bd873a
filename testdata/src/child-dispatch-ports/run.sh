#!/usr/bin/env bash
# A correct dispatcher: its modes run the launcher with their own port and
# log only, so every mode boots the proven shape.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) exec "$here/launch.sh" ;;
  bench) exec "$here/launch.sh" --port 8001 --disable-log-requests ;;
  kl) exec "$here/launch.sh" --port 8002 --served-model-name kl ;;
esac
