#!/usr/bin/env bash
kl_flags() {
  EXTRA=(--max-num-seqs=2) # want "kl passes its own --max-num-seqs 2, set by kl_flags\(\) in .*lib/kl.sh, which .*serve.sh:10 calls"
}
