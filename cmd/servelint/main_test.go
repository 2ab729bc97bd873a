package main

import (
	"os"
	"testing"
)

// TestMain runs the tests as off a GitHub Actions runner: there the output
// is wrapped in ::stop-commands:: (TestWorkflowCommandsStopped sets it
// back), which the other tests' expected output does not hold.
func TestMain(m *testing.M) {
	_ = os.Unsetenv("GITHUB_ACTIONS")
	os.Exit(m.Run())
}
