#!/usr/bin/env bash
# The repository's launcher run behind session managers and process
# wrappers is still the child script: its engine is read, with the
# caller's words in its "$@" and the prefix's SEQS in its environment.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) exec "$here/launch.sh" ;;
  kid) SEQS=512 screen -dmS llm "$here/launch.sh" ;; # want "kid passes --max-num-seqs 512 by SEQS=512 on its run of launch.sh, whose --max-num-seqs .*reads SEQS from its environment; .*serve.env:2 owns it as MAX_NUM_SEQS=256" "kid boots with --max-num-seqs 512 where serve boots with 256"
  tm) tmux new -d -s llm "$here/launch.sh" --max-num-seqs 32 ;; # want "tm passes a second --max-num-seqs 32 that overrides the shared one" "tm boots with --max-num-seqs 32 where serve boots with 256"
  pin) exec numactl --cpunodebind=0 nice -n 5 "$here/launch.sh" --max-num-seqs 16 ;; # want "pin passes a second --max-num-seqs 16 that overrides the shared one" "pin boots with --max-num-seqs 16 where serve boots with 256"
  scope) SEQS=8 systemd-run --scope -p MemoryMax=64G "$here/launch.sh" ;; # want "scope passes --max-num-seqs 8 by SEQS=8 on its run of launch.sh" "scope boots with --max-num-seqs 8 where serve boots with 256"
  prof) nsys profile -o /tmp/prof --trace=cuda,nvtx "$here/launch.sh" --max-num-seqs 48 ;; # want "prof passes a second --max-num-seqs 48 that overrides the shared one" "prof boots with --max-num-seqs 48 where serve boots with 256"
  unbuf) unbuffer "$here/launch.sh" --max-num-seqs 24 ;; # want "unbuf passes a second --max-num-seqs 24 that overrides the shared one" "unbuf boots with --max-num-seqs 24 where serve boots with 256"
esac
