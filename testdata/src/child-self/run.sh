#!/usr/bin/env bash
# A dispatcher running itself, and a script that runs it back: neither is
# followed (no hang); the modes that run the launcher are compared.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) exec "$here/launch.sh" ;;
  again) exec "$0" serve --port 8001 ;;
  loop) exec "$here/loop.sh" ;;
  kl) exec "$here/launch.sh" --max-num-seqs 32 ;; # want "kl passes a second --max-num-seqs 32" "kl boots with --max-num-seqs 32 where serve boots with 256"
esac
