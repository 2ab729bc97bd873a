#!/usr/bin/env bash
# nvim-lsp-check.sh: the real-client check of `servelint lsp`. Runs Neovim
# headless with a minimal configuration (testdata/lsp/init.lua) that starts
# `servelint lsp` for filetype sh, opens
# examples/frank-archon/scripts/frank-archon.sh, waits for its diagnostics,
# prints them, and stops the server with shutdown/exit.
#
# Exit status: 0 when diagnostics arrived (each with source servelint, its
# rule as code and the rule's docs link) and the server exited 0; 1 when
# none arrived within the timeout or anything else failed; 2 when nvim or go
# is missing.
#
# Needs: nvim 0.7+ (Debian: apt-get install -y neovim) and go (to build
# servelint, unless SERVELINT names a binary).
#
# Environment:
#   SERVELINT                 a servelint binary to use instead of building
#   NVIM_LSP_CHECK_TIMEOUT    seconds to wait for diagnostics (default 30)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
timeout_s=${NVIM_LSP_CHECK_TIMEOUT:-30}
file=$root/examples/frank-archon/scripts/frank-archon.sh
init=$root/testdata/lsp/init.lua

if ! command -v nvim >/dev/null 2>&1; then
  echo "nvim-lsp-check: nvim not found (Debian/Ubuntu: apt-get install -y neovim)" >&2
  exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

bin=${SERVELINT:-}
if [[ -z $bin ]]; then
  if ! command -v go >/dev/null 2>&1; then
    echo "nvim-lsp-check: go not found; set SERVELINT to a servelint binary" >&2
    exit 2
  fi
  (cd "$root" && go build -o "$tmp/servelint" ./cmd/servelint)
  bin=$tmp/servelint
fi

echo "nvim-lsp-check: $(nvim --version | head -n 1), $file"

# A private home for nvim: no user configuration, plugins, shada, swap files
# or logs outside $tmp.
status=0
XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache \
  SERVELINT_BIN=$bin SERVELINT_OUT=$tmp/report.txt SERVELINT_TIMEOUT_MS=$((timeout_s * 1000)) \
  timeout --kill-after=5 $((timeout_s + 30)) \
  nvim --headless -n -i NONE --noplugin -u "$init" "$file" </dev/null || status=$?

if [[ -s $tmp/report.txt ]]; then
  cat "$tmp/report.txt"
else
  echo "nvim-lsp-check: nvim wrote no report (exit status $status)"
fi
if ((status != 0)); then
  # The server's stderr, as nvim logged it, helps to tell why.
  for log in "$tmp"/state/nvim/lsp.log "$tmp"/cache/nvim/lsp.log; do
    [[ -s $log ]] && { echo "--- $log"; tail -n 40 "$log"; }
  done
  echo "nvim-lsp-check: FAIL (exit status $status)" >&2
  exit 1
fi
echo "nvim-lsp-check: ok"
