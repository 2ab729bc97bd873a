#!/usr/bin/env bash
# bank-tap.sh: upload a finished calib tap and tell #calib about it.
# The tap is named, and a body is posted twice, but to a chat hook held in
# $SLACK_WEBHOOK: a notification, not a push into the rig.
set -euo pipefail
TAP_DIR=${1:-/taps/qwen38}
: "${SLACK_WEBHOOK:?set SLACK_WEBHOOK}"

notify() {
  curl -fsS -X POST -H 'Content-Type: application/json' \
    -d "{\"text\": \"$1\"}" "$SLACK_WEBHOOK" >/dev/null
}

notify "banking $TAP_DIR ($(du -sh "$TAP_DIR" | cut -f1))"
gsutil -m rsync -r "$TAP_DIR" "gs://calib-bank/$(basename "$TAP_DIR")/"
notify "banked $TAP_DIR"
