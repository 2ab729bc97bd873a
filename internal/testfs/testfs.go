// Package testfs writes the files tests lint, evaluate or diff.
package testfs

import (
	"os"
	"path/filepath"
	"testing"
)

// Write writes body to path (mode 0644), creating its directories; a
// failure fails the test.
func Write(t testing.TB, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Tree writes each file (a slash-separated path below root → its body).
func Tree(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		Write(t, filepath.Join(root, filepath.FromSlash(name)), body)
	}
}

// NewTree writes the files into a new temporary directory and returns it.
func NewTree(t testing.TB, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	Tree(t, root, files)
	return root
}
