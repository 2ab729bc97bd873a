#!/usr/bin/env bash
# tap-push.sh CORPUS: feed a calibration corpus into the calib rig.
# Refuses unless the tap holds the rig's marker and the container it names
# is running: production answers on the same port.
set -euo pipefail
TAP=${RADIANCE_CALIB_DIR:?RADIANCE_CALIB_DIR is not set}
corpus=${1:?usage: tap-push.sh CORPUS.jsonl}
endpoint=http://127.0.0.1:7770/v1/completions
marker="$TAP/.rig"

if [[ ! -f $marker ]]; then
  echo "tap-push: no rig marker in $TAP; refusing" >&2
  exit 1
fi
container=$(grep -m1 '^container=' "$marker" | cut -d= -f2)
if [[ "$(docker inspect -f '{{.State.Running}}' "$container" 2>/dev/null)" != true ]]; then
  echo "tap-push: $container is not running; refusing" >&2
  exit 1
fi

sent=0
while IFS= read -r doc; do
  curl -fsS -X POST "$endpoint" -H 'Content-Type: application/json' \
    --data-binary "$doc" >/dev/null
  sent=$((sent + 1))
  if ((sent % 1000 == 0)); then
    echo "tap-push: $sent documents, tap at $(du -sh "$TAP" | cut -f1)" >&2
  fi
done <"$corpus"
echo "tap-push: done, $sent documents" >&2
