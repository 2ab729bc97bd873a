package lint

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
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
	// The whole run's modes share a bound as well: RunBoundFactor per-mode
	// bounds of the time they ran, so that many small hostile scripts
	// (each under its own bound) cannot hold a CI job for minutes.
	runBound := time.Duration(RunBoundFactor) * timeout
	var runSpent atomic.Int64
	guard := &memGuard{limit: memoryBound()}
	if testMemLimit > 0 {
		guard.limit = testMemLimit
	}
	// One snapshot of the tree per root for all the scripts of a unit
	// evaluated under it (dryrun.Files is for evaluations with the same
	// Root and ReadFile): an env file or library several scripts source is
	// read, its path resolved and its text checked once, not once per
	// script. A new unit starts new snapshots: the --fix loop lints the
	// fixed contents again with the same evaluator, and the snapshot of
	// the first pass handed the sandbox a library or env file as it was
	// before its fix (a finding the fix had removed was reported after
	// --fix, not by a lint of the fixed files).
	var filesMu sync.Mutex
	var filesUnit *parser.Unit
	filesByRoot := map[string]*dryrun.Files{}
	filesFor := func(u *parser.Unit, root string) *dryrun.Files {
		filesMu.Lock()
		defer filesMu.Unlock()
		if u != filesUnit {
			filesUnit, filesByRoot = u, map[string]*dryrun.Files{}
		}
		f := filesByRoot[root]
		if f == nil {
			f = dryrun.NewFiles()
			filesByRoot[root] = f
		}
		return f
	}
	// The files the unit's model read from the disk, by absolute path,
	// handed to the sandbox so that it does not read them again
	// (dryrun.Options.Loaded); made once per unit.
	var loadedMu sync.Mutex
	var loadedUnit *parser.Unit
	var loaded func(string) ([]byte, bool)
	loadedOf := func(u *parser.Unit) func(string) ([]byte, bool) {
		loadedMu.Lock()
		defer loadedMu.Unlock()
		if readFile != nil || testNoLoaded {
			return nil // an overlay: the sandbox reads through it
		}
		if u != loadedUnit {
			m := make(map[string][]byte, len(u.Scripts)+len(u.Envs))
			for _, s := range u.Scripts {
				if p, err := u.Abs(s.Path); err == nil && s.Src != nil {
					m[p] = s.Src
				}
			}
			for _, e := range u.Envs {
				if p, err := u.Abs(e.Path); err == nil && e.Src != nil {
					m[p] = e.Src
				}
			}
			loadedUnit = u
			loaded = func(p string) ([]byte, bool) { b, ok := m[p]; return b, ok }
		}
		return loaded
	}
	return func(u *parser.Unit, s *parser.Script) map[string]*rules.EvalResult {
		// The modes of one script share a bound too: ScriptBoundFactor
		// times the per-mode one, counted in the time its own modes ran
		// (not in waits for the semaphore other scripts hold), so that a
		// script of sixty modes that each spin until their deadline (or ten
		// thousand case arms) costs seconds, not minutes. And every running
		// evaluation stops when the process nears its memory bound (a string
		// doubled in a loop).
		bound := time.Duration(ScriptBoundFactor) * timeout
		var spent atomic.Int64 // nanoseconds the script's modes ran
		root := EvalRoot(u, s)
		path, err := u.Abs(s.Path)
		if err != nil {
			path = s.Path
		}
		out := make(map[string]*rules.EvalResult, len(s.Modes))
		raw := make(map[string]*dryrun.Result, len(s.Modes))
		files := filesFor(u, root) // the modes, and the root's other scripts, read the same files
		prep := dryrun.PrepareScript(s)
		caller := CallerVars(u, s)
		var mu sync.Mutex
		var wg sync.WaitGroup
		evalModes := func(modes []*parser.Mode, assume map[string]byte) {
			for _, m := range modes {
				wg.Add(1)
				sem <- struct{}{}
				warm.Go(func() {
					mode := m.Name
					defer wg.Done()
					defer func() { <-sem }()
					var er *rules.EvalResult
					var r *dryrun.Result
					switch {
					case time.Duration(spent.Load()) >= bound:
						er = &rules.EvalResult{Mode: mode, Engine: s.Engine, Err: ScriptBoundError(bound)}
					case time.Duration(runSpent.Load()) >= runBound:
						er = &rules.EvalResult{Mode: mode, Engine: s.Engine,
							Err: fmt.Errorf("%w: not evaluated: the run's evaluations reached their bound together (%v)", dryrun.ErrTimeout, runBound)}
					default:
						ctx := guard.enter()
						start := time.Now()
						o := ModeOptions(s, m)
						o.Root, o.Timeout, o.ReadFile, o.Engine, o.NoSpans, o.EnvIfRead = root, timeout, readFile, s.Engine, true, true
						o.Files, o.Prepared, o.Caller, o.Assume = files, prep, caller, assume
						o.Loaded = loadedOf(u)
						r = dryrun.Eval(ctx, path, s.Src, s.File, m.EvalWord(), o)
						spent.Add(int64(time.Since(start)))
						runSpent.Add(int64(time.Since(start)))
						guard.exit()
						er = &rules.EvalResult{Mode: mode, Argv: r.Argv, Launcher: r.Launcher, Env: r.Env, EnvClosed: r.EnvClosed, Unresolved: r.Unresolved, Err: r.Err, Picks: r.Picks,
							Finished: len(r.Argv) == 0 && dryrun.FinishedWithoutEngine(r.Err), Engine: s.Engine}
					}
					mu.Lock()
					if r != nil || assume == nil { // a second run not made keeps the first's answer
						out[mode], raw[mode] = er, r
					}
					mu.Unlock()
				})
			}
			wg.Wait()
		}
		evalModes(s.Modes, nil)
		// The modes run on one host: a path one mode's guard assumed is
		// there for the others too (`kl) [[ -d $DRAFT ]] || die` beside a
		// shared `[[ -d $DRAFT ]] && args+=(--speculative-model …)`).
		results := make([]*dryrun.Result, 0, len(s.Modes))
		for _, m := range s.Modes {
			results = append(results, raw[m.Name])
		}
		if union := dryrun.AssumedUnion(results); union != nil {
			var again []*parser.Mode
			for _, m := range s.Modes {
				if dryrun.NeedsAssume(raw[m.Name], union) {
					again = append(again, m)
				}
			}
			evalModes(again, union)
		}
		return out
	}
}

// CallerVars are the variables script s demands of its caller
// (parser.Script.CallerVars) that none of its owning env files sets: the
// dry run gives them placeholders (dryrun.Options.Caller). lint and
// servelint argv pass the same.
func CallerVars(u *parser.Unit, s *parser.Script) []string {
	// The variables that pick a mode are given the mode by the dry run
	// (EvalSelectors), never the caller's placeholder: $((8000 +
	// SLURM_ARRAY_TASK_ID)) read the placeholder where the mode's index
	// was set.
	selects := map[string]bool{}
	for _, m := range s.Modes {
		env, _ := s.EvalSelectors(m)
		for _, n := range env {
			selects[n] = true
		}
		if MenuPick(s, m) != nil {
			selects["REPLY"] = true // the select menu's item number (dryrun.Options.Menu)
		}
	}
	var out []string
	for _, n := range s.CallerVars() {
		if selects[n] {
			continue
		}
		if _, ok := u.EnvLookup(s, n); ok {
			continue
		}
		set := false
		for _, e := range u.Owning[s.Path] {
			set = set || e.ShellSets[n]
		}
		if !set {
			out = append(out, n)
		}
	}
	return out
}

// EvalRoot is the directory the evaluator may read for a script: the
// outermost linted root that holds it (the script's own directory at
// least). lint and servelint argv read the same files.
func EvalRoot(u *parser.Unit, s *parser.Script) string {
	abs, err := u.Abs(s.Path)
	if err != nil {
		return filepath.Dir(s.Path)
	}
	best := filepath.Dir(abs)
	for _, r := range u.Roots {
		ra, err := u.Abs(r)
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

// ScriptBoundFactor is how many per-mode time bounds the modes of one
// script may take together.
const ScriptBoundFactor = 5

// testNoLoaded makes evaluators read every file from the disk (a test
// compares both ways).
var testNoLoaded bool

// ScriptBoundError is the error of a mode not evaluated because the
// script's modes spent bound together (lint, and servelint argv).
func ScriptBoundError(bound time.Duration) error {
	return fmt.Errorf("%w: not evaluated: the script's modes reached their bound together (%v)", dryrun.ErrTimeout, bound)
}

// RunBoundFactor is how many per-mode time bounds all the evaluations of
// one run may take together (summed over the modes that ran, not wall
// time: 60 s of evaluation at the default 2 s). A lint of 1,600
// repositories spends about 0.3 s in evaluations.
const RunBoundFactor = 30

// memoryBound is the heap size at which evaluations are stopped: one and a
// half times the process's soft memory limit (servelint sets 1 GiB, or
// half a container's memory: the bound stays under the container's), 3
// GiB when there is none. A lint of 6,400 repositories peaks near 1 GiB; a
// script doubling a string in a loop passes 3 GiB in a second.
func memoryBound() uint64 {
	if l := debug.SetMemoryLimit(-1); l > 0 && l < math.MaxInt64/2 {
		return uint64(l + l/2)
	}
	return 3 << 30
}

// MemoryGuard returns the memory guard SandboxEvaluator puts around its
// evaluations, for a caller that runs dryrun.Eval itself (servelint argv):
// enter gives an evaluation its context, stopped when the heap passes
// limit (0: the bound lint uses), and exit is called when it returns.
func MemoryGuard(limit uint64) (enter func() context.Context, exit func()) {
	if limit == 0 {
		limit = memoryBound()
	}
	g := &memGuard{limit: limit}
	return g.enter, g.exit
}

// memGuard stops every running evaluation when the heap passes its limit:
// interp gives no hook on assignments, so a runaway value is only seen in
// the heap. It watches only while evaluations run.
type memGuard struct {
	limit uint64

	mu     sync.Mutex
	active int
	ctx    context.Context
	cancel context.CancelCauseFunc
	done   chan struct{}
}

// testMemLimit, when set (by tests), replaces memoryBound.
var testMemLimit uint64

// memPoll is how often the heap is looked at during evaluations.
var memPoll = 20 * time.Millisecond

// enter returns the context of the evaluations running now: cancelled
// when the heap passes the bound, after which evaluations that enter get a
// fresh one (a hostile script's modes stop; the next scripts' do not).
func (g *memGuard) enter() context.Context {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.active == 0 {
		g.ctx, g.cancel = context.WithCancelCause(context.Background())
		g.done = make(chan struct{})
		go g.watch(g.done)
	}
	g.active++
	return g.ctx
}

func (g *memGuard) exit() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.active--; g.active == 0 {
		close(g.done)
		g.cancel(nil)
	}
}

func (g *memGuard) watch(done chan struct{}) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	t := time.NewTicker(memPoll)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 || sample[0].Value.Uint64() < g.limit {
			continue
		}
		// Garbage counts until it is collected: collect, then decide.
		debug.FreeOSMemory()
		metrics.Read(sample)
		if sample[0].Value.Uint64() < g.limit {
			continue
		}
		g.mu.Lock()
		g.cancel(fmt.Errorf("evaluation stopped: the run's memory bound (%d MiB) was reached", g.limit>>20))
		g.ctx, g.cancel = context.WithCancelCause(context.Background())
		g.mu.Unlock()
	}
}

// ModeOptions are the dry-run options that pick mode m of script s: the
// variables that select it and their value (an array job's index), the
// script's words, the menu item, the name the script runs as. lint and
// servelint argv evaluate a mode with the same.
func ModeOptions(s *parser.Script, m *parser.Mode) dryrun.Options {
	selectors, params := s.EvalSelectors(m)
	o := dryrun.Options{Selectors: selectors, SelectorValue: s.SelectorValue(m), Menu: MenuPick(s, m), NoArg: params == nil, Params: params, Self: m.Self}
	if empty := s.FlagsEmpty(m); len(empty) > 0 {
		// DP_ATTENTION= serve.sh: the flags read with no default are off,
		// not unset (set -u).
		o.Env = map[string]string{}
		for _, n := range empty {
			o.Env[n] = ""
		}
	}
	if m.FlagOn() != "" {
		// FAST=1 serve.sh serve: the proven mode's run with the flag set.
		if o.Env == nil {
			o.Env = map[string]string{}
		}
		o.Env[m.FlagVar()] = m.FlagValue()
	}
	return o
}

// MenuPick is the select menu's item the dry run picks mode m by
// (parser.Script.MenuPick), nil when no menu picks it.
func MenuPick(s *parser.Script, m *parser.Mode) *dryrun.MenuPick {
	if v, reply := s.MenuPick(m); reply != "" {
		return &dryrun.MenuPick{Var: v, Word: m.Name, Reply: reply}
	}
	return nil
}
