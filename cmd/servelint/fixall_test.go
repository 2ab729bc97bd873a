package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A fix that deletes an alias from the env file and rewires its reader in
// the script is written to both files or to neither: with the script
// read-only, the env file keeps the alias the script still reads.
func TestFixAllOrNone(t *testing.T) {
	dir := example(t)
	script := filepath.Join(dir, "scripts", "frank-archon.sh")
	env := filepath.Join(dir, "scripts", "frank-archon.env")
	before, err := os.ReadFile(env)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(script, 0o444); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "--fix", ".")
	if code != 3 || !strings.Contains(stderr, "frank-archon.sh: file is read-only") || !strings.Contains(stderr, "nothing is, when one file cannot be") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if after, _ := os.ReadFile(env); string(after) != string(before) {
		t.Errorf("the env file was written although its script could not be:\n%s", after)
	}
}
