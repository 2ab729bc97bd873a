package dryrun

import (
	"strings"
	"testing"
)

// Descriptors past 2 (a lock on fd 9, a log on fd 3) no longer stop the
// run, and output moved onto them is not captured.
func TestFdRedirs(t *testing.T) {
	src := `#!/bin/bash
set -euo pipefail
exec 9>"/run/lock/vllm.lock"
flock -n 9 || { echo "another server is running" >&2; exit 1; }
exec 3>&1
log() { echo "$*" >&3; }
pick() { log "picking"; echo 64; }
n=$(pick)
exec vllm serve /m --max-num-seqs "$n" 4<&0
`
	r := evalSrc(t, src, "serve", nil, Options{})
	if r.Err != nil {
		t.Fatalf("Err = %v", r.Err)
	}
	if got := strings.Join(r.Argv, " "); got != "vllm serve /m --max-num-seqs 64" {
		t.Errorf("argv = %q", got)
	}
}
