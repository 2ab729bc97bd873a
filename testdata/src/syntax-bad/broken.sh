#!/bin/bash
if [ "$1" = serve ]; then
  radiance serve --max-num-seqs 4
# want@2 "(fi|end of file|unclosed|must end)"
