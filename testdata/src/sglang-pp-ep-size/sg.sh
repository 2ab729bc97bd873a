#!/bin/bash
# SGLang's --pp-size (--pipeline-parallel-size) and --ep-size (--ep,
# --expert-parallel-size) size the boot as --tp-size does: kl's own
# --pp-size 1 and bench's --ep 4 are their private shapes; eval reads the
# owners through the long spellings. ENABLE_EP is a switch the wrapper
# reads, no owner of a flag.
set -eu
. "$(dirname "$0")/sg.env"
launch() {
  python3 -m sglang.launch_server --model-path "$SG_MODEL" --tp-size "$SG_TP_SIZE" \
    --max-running-requests "$SG_MAX_RUNNING_REQUESTS" "$@"
}
if [ "$ENABLE_EP" = 1 ]; then echo "expert parallel on"; fi
case "$1" in
  serve) launch --pp-size "$SG_PP_SIZE" --ep-size "$SG_EP_SIZE" --port 30000 ;;
  kl) launch --pp-size 1 --ep-size "$SG_EP_SIZE" --port 30001 ;; # want "kl passes --pp-size 1; .*sg.env:3 owns it as SG_PP_SIZE=2" "kl boots with --pp-size 1 where serve boots with 2"
  bench) launch --pp-size "$SG_PP_SIZE" --ep 4 --port 30002 ;; # want "bench passes --ep 4; .*sg.env:4 owns it as SG_EP_SIZE=8" "bench boots with --ep 4 where serve boots with 8"
  eval) launch --pipeline-parallel-size "$SG_PP_SIZE" --expert-parallel-size "$SG_EP_SIZE" --port 30003 ;;
esac
