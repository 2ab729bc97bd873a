package lint

import (
	"context"
	"path/filepath"
	"sync"
	"time"

	"github.com/servelint/servelint/dryrun"
	"github.com/servelint/servelint/internal/warm"
	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
)

// SandboxEvaluator returns the Evaluator that runs each mode of a script in
// the dryrun sandbox, with a per-mode timeout, jobs modes at a time. Reads
// are confined to the unit's roots.
func SandboxEvaluator(timeout time.Duration, jobs int, readFile func(string) ([]byte, error)) Evaluator {
	if jobs < 1 {
		jobs = 1
	}
	// One semaphore for every evaluation this evaluator runs, so that
	// scripts evaluated concurrently share the bound.
	sem := make(chan struct{}, jobs)
	return func(u *parser.Unit, s *parser.Script) map[string]*rules.EvalResult {
		root := EvalRoot(u, s)
		path, err := filepath.Abs(s.Path)
		if err != nil {
			path = s.Path
		}
		out := make(map[string]*rules.EvalResult, len(s.Modes))
		files := dryrun.NewFiles() // the modes read the same files
		prep := dryrun.PrepareScript(s)
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, m := range s.Modes {
			wg.Add(1)
			sem <- struct{}{}
			warm.Go(func() {
				mode := m.Name
				defer wg.Done()
				defer func() { <-sem }()
				r := dryrun.Eval(context.Background(), path, s.Src, s.File, mode,
					dryrun.Options{Root: root, Timeout: timeout, ReadFile: readFile, Engine: s.Engine, NoSpans: true, NoEnv: true, Files: files, Prepared: prep})
				er := &rules.EvalResult{Mode: mode, Argv: r.Argv, Launcher: r.Launcher, Unresolved: r.Unresolved, Err: r.Err, Engine: s.Engine}
				mu.Lock()
				out[mode] = er
				mu.Unlock()
			})
		}
		wg.Wait()
		return out
	}
}

// EvalRoot is the directory the evaluator may read for a script: the
// outermost linted root that holds it (the script's own directory at
// least). lint and servelint argv read the same files.
func EvalRoot(u *parser.Unit, s *parser.Script) string {
	abs, err := filepath.Abs(s.Path)
	if err != nil {
		return filepath.Dir(s.Path)
	}
	best := filepath.Dir(abs)
	for _, r := range u.Roots {
		ra, err := filepath.Abs(r)
		if err != nil {
			continue
		}
		// Below the root: a script under .github/ or .ci/ is, whatever
		// its first byte (a test on rel[0] once took those for "..").
		if rel, ok := parser.RelWithin(ra, abs); ok && rel != "." && len(ra) < len(best) {
			best = ra
		}
	}
	return best
}
