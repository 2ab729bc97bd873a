package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A panic of the model on one script is an error of that file: the other
// scripts are still loaded.
func TestModelPanicIsFileError(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.sh", "b.sh"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/bash\nexec vllm serve /m --max-num-seqs 8\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := analyzeScript
	defer func() { analyzeScript = old }()
	analyzeScript = func(s *Script, roles RoleMatcher) {
		if strings.HasSuffix(s.Path, "a.sh") {
			panic("boom")
		}
		old(s, roles)
	}
	u := Load(LoadOptions{Paths: []string{dir}})
	if len(u.Scripts) != 1 || !strings.HasSuffix(u.Scripts[0].Path, "b.sh") {
		t.Fatalf("scripts = %d, want b.sh alone", len(u.Scripts))
	}
	if len(u.Errors) != 1 || !strings.Contains(u.Errors[0].Error(), "a.sh: internal error while modelling the script") || !strings.Contains(u.Errors[0].Error(), "boom") {
		t.Fatalf("errors = %v", u.Errors)
	}
}
