#!/usr/bin/env bash
# other-window.sh: a count of something else, tested bare in arithmetic, is
# no check that the tap holds files.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TAP_DIR=/taps/qwen38

docker run -d --name calib --gpus all --network host -e RADIANCE_CALIB_DIR="$TAP_DIR" -v /taps:/taps \
  radiance:2026.11.3 radiance serve /models/qwen38 --ngram-placement disk
timeout 900 bash -c 'until curl -sf localhost:7770/health; do docker inspect -f "{{.State.Running}}" calib | grep -q true || exit 1; sleep 5; done'
"$here/tap-push.sh" /corpus/calib.jsonl
docker stop calib
systemctl start radiance-serve

nlogs=$(find /var/log/radiance -name '*.log' | wc -l)
((nlogs > 0)) && cp -a "$TAP_DIR" /bank/ # want "banks the tap with `cp -a \"\$TAP_DIR\" /bank/` without checking that the tap holds files"
