package main

import (
	"strings"
	"testing"
)

// TestDiffRejectsFormat: --diff prints a unified diff whatever --format
// says, so a format other than text is bad usage (exit 2), as --fix --diff
// is, and nothing is printed on stdout.
func TestDiffRejectsFormat(t *testing.T) {
	example(t)
	for _, f := range []string{"json", "sarif", "github"} {
		code, out, errs := runCLI(t, "--diff", "--format="+f, ".")
		if code != exitUsage || out != "" || !strings.Contains(errs, "--diff prints a unified diff; it does not combine with --format="+f) {
			t.Errorf("--diff --format=%s: exit %d, stdout %q, stderr %q", f, code, out, errs)
		}
	}
	if code, out, errs := runCLI(t, "--diff", "--format=text", "."); code != exitFindings || !strings.HasPrefix(out, "--- a/") {
		t.Errorf("--diff --format=text: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
