#!/usr/bin/env bash
# push-parallel.sh LIST: post prepared request bodies eight at a time.
set -euo pipefail
# require_rig comes from the calib tooling installed on every rig host.
# shellcheck source=/dev/null
. /opt/calib/lib/rig.sh
TAP_DIR=${RADIANCE_CALIB_DIR:?}
list=${1:?usage: push-parallel.sh LIST_OF_BODIES}

require_rig "$TAP_DIR"
xargs -P 8 -I{} curl -fsS -o /dev/null -H 'Content-Type: application/json' \
  --data-binary @{} http://127.0.0.1:7770/v1/completions <"$list"
