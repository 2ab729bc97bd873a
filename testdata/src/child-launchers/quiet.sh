#!/usr/bin/env bash
# None of these runs the launcher as a child with this shell's SEQS: a
# transient service starts in the service manager's clean environment,
# sudo resets it, command -v only names the file (no finding).
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) exec "$here/launch.sh" ;;
  svc) SEQS=8 systemd-run --unit llm "$here/launch.sh" ;;
  root) SEQS=8 sudo "$here/launch.sh" ;;
  check) SEQS=8 command -v "$here/launch.sh" ;;
esac
