package main

import (
	"os"
	"strings"
	"testing"
)

// TestMain runs the tests as off a GitHub Actions runner: there the output
// is wrapped in ::stop-commands:: (TestWorkflowCommandsStopped sets it
// back), which the other tests' expected output does not hold.
func TestMain(m *testing.M) {
	_ = os.Unsetenv("GITHUB_ACTIONS")
	os.Exit(m.Run())
}

// TestPanicIsExit3: a panic on the command's goroutine exits 3 (an
// internal error, as the README says), with the panic and its stack on
// stderr, not Go's exit 2, which CI would read as bad usage.
func TestPanicIsExit3(t *testing.T) {
	var errs strings.Builder
	code := recovered(&errs, func() int { panic("boom") })
	if code != exitFailure || !strings.HasPrefix(errs.String(), "servelint: internal error: boom\n") || !strings.Contains(errs.String(), "goroutine ") {
		t.Errorf("exit %d, stderr %q; want exit 3 and the panic with its stack", code, errs.String())
	}
	if code := recovered(&errs, func() int { return exitFindings }); code != exitFindings {
		t.Errorf("no panic: exit %d, want 1", code)
	}
}
