//go:build unix

package parser

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNamedFIFOHeldOpen: a FIFO of the tree that a script names, as an
// env file it sources, a per-mode overlay env file or a script it runs,
// is refused as not a regular file (the run's error, with the path)
// instead of being read as a pipe: with a writer holding it open, the
// read, and the whole lint, waited forever.
func TestNamedFIFOHeldOpen(t *testing.T) {
	for name, src := range map[string]string{
		"x.env":     "#!/bin/bash\nhere=$(dirname \"$0\")\n. \"$here/x.env\"\nexec vllm serve /m\n",
		"bench.env": "#!/bin/bash\nhere=$(dirname \"$0\")\nmode=${1:-serve}\ncase \"$mode\" in\n  serve) ;;\n  bench) ;;\nesac\n[[ -f $here/$mode.env ]] && . \"$here/$mode.env\"\nexec vllm serve /m --max-num-seqs \"${SEQS:-8}\"\n",
		"launch.sh": "#!/bin/bash\nhere=$(dirname \"$0\")\ncase \"${1:-serve}\" in\n  serve) exec \"$here/launch.sh\" ;;\n  kl) exec \"$here/launch.sh\" --max-num-seqs 32 ;;\nesac\n",
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "run.sh"), []byte(src), 0o755); err != nil {
			t.Fatal(err)
		}
		fifo := filepath.Join(dir, name)
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skip("mkfifo:", err)
		}
		// A writer that never writes nor closes (O_RDWR does not wait for
		// a reader).
		w, err := os.OpenFile(fifo, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan *Unit, 1)
		go func() { done <- Load(LoadOptions{Paths: []string{dir}}) }()
		select {
		case u := <-done:
			found := false
			for _, e := range u.Errors {
				found = found || strings.Contains(e.Error(), name)
			}
			if name != "launch.sh" && !found {
				t.Errorf("%s: errors %v, want one naming the FIFO", name, u.Errors)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%s: Load still waiting on the FIFO after 10 s", name)
		}
		_ = w.Close()
	}
}
