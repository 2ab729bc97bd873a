#!/usr/bin/env bash
# calib-window.sh: the tap's size and file count are read into variables and
# tested bare in arithmetic, (( size > 0 )): a check that the tap holds files.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TAP_DIR=/taps/qwen38

docker run -d --name calib --gpus all --network host -e RADIANCE_CALIB_DIR="$TAP_DIR" -v /taps:/taps \
  radiance:2026.11.3 radiance serve /models/qwen38 --ngram-placement disk
timeout 900 bash -c 'until curl -sf localhost:7770/health; do docker inspect -f "{{.State.Running}}" calib | grep -q true || exit 1; sleep 5; done'
"$here/tap-push.sh" /corpus/calib.jsonl
docker stop calib
systemctl start radiance-serve

size=$(du -sb "$TAP_DIR" | cut -f1)
((size > 1048576)) || { echo "tap too small: $size" >&2; exit 1; }
gsutil -m cp -r "$TAP_DIR" gs://bank/qwen38/

nfiles=$(find "$TAP_DIR" -name '*.gram' | wc -l)
((nfiles >= 48)) && aws s3 sync "$TAP_DIR" s3://bank/qwen38/

