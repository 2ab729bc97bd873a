#!/usr/bin/env bash
# Shared helpers: sourced, never run.
log() { echo "[$(date +%T)] $*" >&2; }
run() {
  log "+ $*"
  if [[ ${DRY_RUN:-0} == 1 ]]; then return 0; fi
  "$@"
}
retry() {
  local n=$1
  shift
  until "$@"; do
    n=$((n - 1))
    ((n > 0)) || return 1
  done
}
