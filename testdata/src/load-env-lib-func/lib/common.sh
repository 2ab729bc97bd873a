#!/usr/bin/env bash
# lib/common.sh: shared helpers. Source, do not run.
die() { echo "$*" >&2; exit 1; }
load_env() { # load_env FILE: export every key of FILE
  local f=$1
  [[ -f $f ]] || die "env file not found: $f"
  set -a
  # shellcheck disable=SC1090
  . "$f"
  set +a
}
