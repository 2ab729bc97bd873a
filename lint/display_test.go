package lint_test

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
)

// TestDisplayPathPerRun: Options.DisplayPath names files in the messages
// of its own run, whatever rules.DisplayPath says and whatever another run
// at the same time uses (the language server's two tiers lint at once,
// each document relative to its own workspace folder).
func TestDisplayPathPerRun(t *testing.T) {
	run := filepath.Join("..", "testdata", "src", "child-dispatch", "run.sh")
	var wg sync.WaitGroup
	for _, tag := range []string{"A", "B", "C", "D"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := lint.Run(lint.Options{Paths: []string{run}, Config: rules.DefaultConfig(), Jobs: 1, Enable: []string{"privateshape"},
				DisplayPath: func(p string) string { return tag + ":" + filepath.Base(p) }})
			if err != nil {
				t.Error(err)
				return
			}
			named := 0
			for _, f := range res.Findings {
				if !strings.Contains(f.Message, "owns it as") {
					continue
				}
				named++
				if !strings.Contains(f.Message, "; "+tag+":serve.env:1 owns it as") {
					t.Errorf("run %s: %q does not name serve.env with its own DisplayPath", tag, f.Message)
				}
			}
			if named == 0 {
				t.Errorf("run %s: no finding names serve.env: %+v", tag, res.Findings)
			}
		}()
	}
	wg.Wait()
}
