#!/usr/bin/env bash
# calib-window.sh: errexit is on, but two phases opt out of it: a logged
# boot failure and a push piped into tee without pipefail both carry on.
set -eu
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TAP=/taps/qwen38
LOG=/var/log/radiance/window.log

note() { echo "$(date +%T) $*" >>"$LOG"; }

boot_rig() {
  docker run -d --name frank-archon-calib --gpus all --network host -v /taps:/taps \
    radiance:2026.11.3 radiance serve /models/qwen38-a3b-bf16 --port 7770
}

boot_rig || note "boot failed" # want "boot `boot_rig` \(it runs `docker run -d .*`, line 12\): `\|\| note \"boot failed\"` swallows it, so a failed boot falls through into the health wait; .*\(law 6\) \(phasegate\)"
for _ in $(seq 1 180); do
  if curl -fsS http://127.0.0.1:7770/health >/dev/null; then
    break
  fi
  docker inspect -f '{{.State.Running}}' frank-archon-calib | grep -q true
  sleep 5
done
"$here/tap-push.sh" /corpus/calib.jsonl | tee -a "$LOG" # want "push `.*` is not checked: it is piped into `tee -a \"\$LOG\"` without pipefail, which hides its status, so a failed push falls through into stop, restore and banking; .*\(law 6\) \(phasegate\)"
docker stop frank-archon-calib
docker start radiance-serve
if [ -n "$(ls -A "$TAP")" ]; then
  mv "$TAP" "/bank/qwen38-$(date +%s)"
fi
