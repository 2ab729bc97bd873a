package dryrun

import (
	"slices"
	"strings"
	"testing"
)

// TestShoptNocasematch: interp lacks nocasematch, and shopt -s nocasematch
// under set -e ended every mode at the preamble; it is dropped with a note,
// the other options of the same shopt still set.
func TestShoptNocasematch(t *testing.T) {
	r := evalSrc(t, `#!/bin/bash
set -euo pipefail
shopt -s nocasematch extglob
case "${1:-serve}" in
  @(serve|kl)) exec vllm serve /m --port 1 ;;
esac
`, "serve", nil, Options{})
	if want := []string{"vllm", "serve", "/m", "--port", "1"}; r.Err != nil || !slices.Equal(r.Argv, want) {
		t.Fatalf("argv %q (err %v), want %q", r.Argv, r.Err, want)
	}
	if !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "nocasematch ignored") }) {
		t.Errorf("no note: %q", r.Notes)
	}
}
