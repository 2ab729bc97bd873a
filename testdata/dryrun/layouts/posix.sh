#!/bin/sh
# POSIX sh: `. ./file`, case, exec env A=1 numactl ... radiance.
set -e
cd "$(dirname "$0")"
. ./funcs.env
mode=$1
case $mode in
  serve) seqs=$MAX_SEQS ;;
  kl) seqs=$MAX_SEQS ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
exec env A=1 OMP_NUM_THREADS=8 numactl --cpunodebind=0 --membind=0 radiance serve "$MODEL" --max-num-seqs "$seqs" --max-num-batched-tokens "$MNBT"
