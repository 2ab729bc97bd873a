#!/usr/bin/env bash
# servelint:ignore-file shapealias -- nothing to silence here
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/u.env"
# servelint:ignore-file privateshape -- too late: after the first command
# servelint:ignore privatshape -- a typo
# servelint:ignore privateshape because it is fine
# servelint:disable privateshape -- not a directive servelint knows
# servelint:ignore -- no rule named
case "${1:?usage: u.sh serve|bench}" in
  serve)
    exec radiance serve /m --max-num-seqs "$U_MAX_SEQS" --max-num-batched-tokens "$U_MAX_BATCHED_TOKENS"
    ;;
  bench)
    exec radiance serve /m --max-num-seqs "$U_MAX_SEQS" \
      --max-num-batched-tokens 2048 # servelint:ignore privateshape,freethroughput,argvdrift -- freethroughput is stale here
    ;;
esac
