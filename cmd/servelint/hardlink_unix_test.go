//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixHardLinked: --fix does not rename over a file with another hard
// link (the other name would keep the old text): nothing is written, the
// message names the file and says why, and the exit is 3, so CI does not
// take the tree for fixed. --diff still shows the fix.
func TestFixHardLinked(t *testing.T) {
	dir := example(t)
	sh := filepath.Join(dir, "scripts", "frank-archon.sh")
	env := filepath.Join(dir, "scripts", "frank-archon.env")
	backup := filepath.Join(dir, "frank-archon.sh.orig")
	if err := os.Link(sh, backup); err != nil {
		t.Skipf("link: %v", err)
	}
	shBefore, _ := os.ReadFile(sh)
	envBefore, _ := os.ReadFile(env)
	if out, _, code := lintDir(t, "--diff", "scripts"); code != exitFindings || !strings.Contains(out, "+++ b/scripts/frank-archon.sh") {
		t.Fatalf("--diff: exit %d\n%s", code, out)
	}
	_, errOut, code := lintDir(t, "--fix", "scripts")
	if code != exitFailure || !strings.Contains(errOut, "frank-archon.sh: file has other hard links (2 links") {
		t.Fatalf("--fix: exit %d, stderr %q; want 3 naming the hard-linked script", code, errOut)
	}
	for p, want := range map[string][]byte{sh: shBefore, backup: shBefore, env: envBefore} {
		if got, _ := os.ReadFile(p); !bytes.Equal(got, want) {
			t.Errorf("%s was changed", p)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "scripts", ".*servelint-*")); len(left) > 0 {
		t.Errorf("temp files left behind: %v", left)
	}
}
