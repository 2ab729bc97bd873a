package bench

import (
	"context"
	"fmt"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/servelint/servelint/dryrun"
	"github.com/servelint/servelint/fixes"
	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
)

// The evaluation rules: --disable these and nothing is evaluated.
var evalRules = []string{"argvdrift", "ngramplacement", "calibstep", "stepcost"}

var (
	tmpRoot  string
	treeMu   sync.Mutex
	trees    = map[int]*Tree{}
	allCases []Case
)

func TestMain(m *testing.M) {
	root, err := RepoRoot(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	allCases, err = Cases(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	tmpRoot, err = os.MkdirTemp("", "servelint-bench-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	code := m.Run()
	_ = os.RemoveAll(tmpRoot)
	os.Exit(code)
}

// tree returns the synthetic tree of n repos, generated once per run.
func tree(tb testing.TB, n int) *Tree {
	treeMu.Lock()
	defer treeMu.Unlock()
	if t, ok := trees[n]; ok {
		return t
	}
	t, err := Generate(filepath.Join(tmpRoot, fmt.Sprintf("n%d", n)), n, allCases)
	if err != nil {
		tb.Fatal(err)
	}
	trees[n] = t
	return t
}

func jobs() int { return runtime.GOMAXPROCS(0) }

func evaluator() lint.Evaluator { return lint.SandboxEvaluator(2*time.Second, jobs(), nil) }

func load(t *Tree) *parser.Unit {
	return parser.Load(parser.LoadOptions{Paths: []string{t.Root}, Jobs: jobs()})
}

// readAll reads every script and env file of a tree.
func readAll(tb testing.TB, paths []string) map[string][]byte {
	out := map[string][]byte{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		out[p] = b
	}
	return out
}

func perFile(b *testing.B, files int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(files), "ns/file")
}

// cpuMeter reports the CPU time per op (all threads, GC included) beside
// the wall time: on a shared machine it is the number that does not move
// with other processes' load. Call it after setup, and the returned func
// after the loop.
func cpuMeter(b *testing.B) func() {
	runtime.GC() // the setup's garbage is not the op's
	t0 := cpuNow()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64((cpuNow()-t0).Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}
}

// TestTreeKeepsFindings checks that a renamed variant reports what its
// case reports (the same number of findings per rule), so the benchmarks
// time the real work.
func TestTreeKeepsFindings(t *testing.T) {
	root, _ := RepoRoot(".")
	orig, err := lint.Run(lint.Options{Paths: []string{filepath.Join(root, "testdata", "src"), filepath.Join(root, "examples")},
		Evaluator: evaluator(), Jobs: jobs()})
	if err != nil {
		t.Fatal(err)
	}
	tr := tree(t, len(allCases))
	syn, err := lint.Run(lint.Options{Paths: []string{tr.Root}, Evaluator: evaluator(), Jobs: jobs()})
	if err != nil {
		t.Fatal(err)
	}
	count := func(fs []lint.Finding) map[string]int {
		m := map[string]int{}
		for _, f := range fs {
			m[f.Rule]++
		}
		return m
	}
	o, s := count(orig.Findings), count(syn.Findings)
	for r, n := range o {
		if s[r] != n {
			t.Errorf("rule %s: %d findings in the cases, %d in their variants", r, n, s[r])
		}
	}
	if len(syn.Findings) == 0 {
		t.Fatal("the synthetic tree has no findings")
	}
}

// TestTreeJobsDeterministic: the tree linted with one job and with eight
// (parsing, analyzers, the window trace and evaluations all concurrent)
// gives the same findings in the same order.
func TestTreeJobsDeterministic(t *testing.T) {
	tr := tree(t, len(allCases))
	var outs [][]lint.Finding
	for _, j := range []int{1, 8} {
		// No case runs a mode to its bound: a generous one keeps a loaded
		// CI machine (-race, other jobs) from timing a mode out in one run
		// and not the other.
		res, err := lint.Run(lint.Options{Paths: []string{tr.Root}, Evaluator: lint.SandboxEvaluator(20*time.Second, j, nil), Jobs: j})
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, res.Findings)
	}
	if len(outs[0]) != len(outs[1]) {
		t.Fatalf("-j 1: %d findings, -j 8: %d", len(outs[0]), len(outs[1]))
	}
	for i := range outs[0] {
		a, b := outs[0][i], outs[1][i]
		if a.File != b.File || a.Line != b.Line || a.Column != b.Column || a.Rule != b.Rule || a.Message != b.Message {
			t.Fatalf("finding %d differs:\n-j 1: %s:%d:%d %s (%s)\n-j 8: %s:%d:%d %s (%s)", i, a.File, a.Line, a.Column, a.Message, a.Rule, b.File, b.Line, b.Column, b.Message, b.Rule)
		}
	}
}

// BenchmarkModel times building the model: parsing a script, analysing it
// (modes, invocations, flags), parsing an env file, and loading a whole
// tree of 100 repos (walk, parse, link).
func BenchmarkModel(b *testing.B) {
	tr := tree(b, len(allCases))
	scripts := readAll(b, tr.Scripts)
	envs := readAll(b, tr.Envs)
	var lines int
	for _, src := range scripts {
		lines += strings.Count(string(src), "\n")
	}
	b.Run("parse", func(b *testing.B) {
		measure(b, len(scripts), func() {
			for p, src := range scripts {
				parser.ParseScript(p, src)
			}
		})
	})
	b.Run("parse+analyze", func(b *testing.B) {
		measure(b, len(scripts), func() {
			for p, src := range scripts {
				parser.ParseScript(p, src).Analyze(parser.RoleMatcher{})
			}
		})
	})
	b.Run("env", func(b *testing.B) {
		measure(b, len(envs), func() {
			for p, src := range envs {
				parser.ParseEnv(p, src)
			}
		})
	})
	big, _ := BigScript(2000, 16)
	b.Run("parse+analyze-2000-lines", func(b *testing.B) {
		measure(b, 0, func() { parser.ParseScript("big.sh", big).Analyze(parser.RoleMatcher{}) })
	})
	t100 := tree(b, 100)
	b.Run("load-N100", func(b *testing.B) {
		measure(b, len(t100.Scripts), func() { load(t100) })
	})
}

// measure times op: allocations, the process's CPU per op and, when files
// is not 0, the wall time per file.
func measure(b *testing.B, files int, op func()) {
	b.ReportAllocs()
	cpu := cpuMeter(b)
	for b.Loop() {
		op()
	}
	cpu()
	if files > 0 {
		perFile(b, files)
	}
}

// passRunner runs analyzers by hand over one unit, the way lint.Analyze
// does, so that one rule's Run can be timed apart from what it requires.
type passRunner struct {
	release func()
	fset    *token.FileSet
	pkg     *types.Package
	paths   []string
	srcs    map[string][]byte
	ctx     *rules.Context
}

func newPassRunner(u *parser.Unit, ev lint.Evaluator) *passRunner {
	pr := &passRunner{fset: token.NewFileSet(), srcs: map[string][]byte{}}
	files := map[string]*token.File{}
	add := func(p string, src []byte) {
		tf := pr.fset.AddFile(p, -1, len(src))
		tf.SetLinesForContent(src)
		files[p] = tf
		pr.srcs[p] = src
		pr.paths = append(pr.paths, p)
	}
	for _, s := range u.Scripts {
		add(s.Path, s.Src)
	}
	for _, e := range u.Envs {
		add(e.Path, e.Src)
	}
	pr.ctx = &rules.Context{Unit: u, Config: rules.DefaultConfig(), Files: files}
	if ev != nil {
		pr.ctx.Eval = func(s *parser.Script) map[string]*rules.EvalResult { return ev(u, s) }
	}
	pr.pkg = types.NewPackage("servelint.invalid/bench", "bench")
	pr.release = rules.Bind(pr.pkg, pr.ctx)
	return pr
}

func (pr *passRunner) run(a *analysis.Analyzer, resultOf map[*analysis.Analyzer]any) (any, int, error) {
	n := 0
	pass := &analysis.Pass{
		Analyzer: a, Fset: pr.fset, OtherFiles: pr.paths, Pkg: pr.pkg, TypesInfo: &types.Info{},
		TypesSizes: types.SizesFor("gc", "amd64"), ResultOf: resultOf,
		Report: func(analysis.Diagnostic) { n++ },
		ReadFile: func(name string) ([]byte, error) {
			if b, ok := pr.srcs[name]; ok {
				return b, nil
			}
			return nil, os.ErrNotExist
		},
	}
	r, err := a.Run(pass)
	return r, n, err
}

// resultOf is what a's pass sees of what it requires.
func (st *ruleSetup) resultOf(a *analysis.Analyzer) map[*analysis.Analyzer]any {
	m := map[*analysis.Analyzer]any{}
	for _, r := range a.Requires {
		m[r] = st.results[r]
	}
	return m
}

type ruleSetup struct {
	pr      *passRunner
	u       *parser.Unit
	results map[*analysis.Analyzer]any
}

// BenchmarkRule times each rule's own Run over the trees of 100 and 1600
// repos, with what it requires (the model and, for the evaluation rules, the
// dry-run argv) computed once beforehand: BenchmarkRule/<rule>/N=100 and
// N=1600 differ by 16x in files, so their ns/file show whether a rule's cost
// grows faster than the tree. The analyzers the rules require come first:
// BenchmarkRule/model, BenchmarkRule/dryrun (the evaluation itself: every
// mode of every script), and any other shared analysis (windows); a rule's
// own time excludes them.
func BenchmarkRule(b *testing.B) {
	setups := map[int]*ruleSetup{}
	defer func() {
		for _, st := range setups {
			st.pr.release()
		}
	}()
	get := func(b *testing.B, n int) *ruleSetup {
		if st, ok := setups[n]; ok {
			return st
		}
		u := load(tree(b, n))
		pr := newPassRunner(u, evaluator())
		st := &ruleSetup{pr: pr, u: u, results: map[*analysis.Analyzer]any{}}
		// Everything any rule requires, in dependency order, once.
		var visit func(a *analysis.Analyzer)
		visit = func(a *analysis.Analyzer) {
			if _, ok := st.results[a]; ok {
				return
			}
			for _, r := range a.Requires {
				visit(r)
			}
			r, _, err := pr.run(a, st.resultOf(a))
			if err != nil {
				b.Fatal(err)
			}
			st.results[a] = r
		}
		for _, a := range rules.All {
			for _, r := range a.Requires {
				visit(r)
			}
		}
		setups[n] = st
		return st
	}
	sizes := []int{100, 1600}
	bench := func(name string, a *analysis.Analyzer) {
		b.Run(name, func(b *testing.B) {
			for _, n := range sizes {
				b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
					st := get(b, n)
					resultOf := st.resultOf(a)
					b.ReportAllocs()
					var findings int
					cpu := cpuMeter(b)
					for b.Loop() {
						var err error
						if _, findings, err = st.pr.run(a, resultOf); err != nil {
							b.Fatal(err)
						}
					}
					cpu()
					perFile(b, len(st.u.Scripts))
					b.ReportMetric(float64(findings), "findings")
				})
			}
		})
	}
	// First what the rules require (model, dryrun, and any shared analysis
	// such as windows), then each rule.
	isRule := map[*analysis.Analyzer]bool{}
	for _, a := range rules.All {
		isRule[a] = true
	}
	seen := map[*analysis.Analyzer]bool{}
	var deps func(a *analysis.Analyzer)
	deps = func(a *analysis.Analyzer) {
		for _, r := range a.Requires {
			if !seen[r] {
				seen[r] = true
				deps(r)
				if !isRule[r] {
					bench(r.Name, r)
				}
			}
		}
	}
	for _, a := range rules.All {
		deps(a)
	}
	for _, a := range rules.All {
		bench(a.Name, a)
	}
}

// BenchmarkEvalMode times dryrun.Eval of one (script, mode), for every mode
// of every case, and their mean (all).
func BenchmarkEvalMode(b *testing.B) {
	tr := tree(b, len(allCases))
	u := load(tr)
	type job struct {
		name, path, root string
		s                *parser.Script
		mode             string
	}
	var js []job
	for _, s := range u.Scripts {
		if s.File == nil || len(s.Invocations) == 0 {
			continue
		}
		abs, _ := filepath.Abs(s.Path)
		rel, _ := filepath.Rel(tr.Root, s.Path)
		c := strings.SplitN(rel, string(filepath.Separator), 2)[0]
		c = c[strings.IndexByte(c[len("repo-"):], '-')+len("repo-")+1:]
		for _, m := range s.Modes {
			js = append(js, job{name: c + "/" + m.Name, path: abs, root: filepath.Dir(abs), s: s, mode: m.Name})
		}
	}
	sort.Slice(js, func(i, j int) bool { return js[i].name < js[j].name })
	eval := func(j job) *dryrun.Result {
		return dryrun.Eval(context.Background(), j.path, j.s.Src, j.s.File, j.mode, dryrun.Options{Root: j.root})
	}
	b.Run("all", func(b *testing.B) {
		b.ReportAllocs()
		cpu := cpuMeter(b)
		for b.Loop() {
			for _, j := range js {
				eval(j)
			}
		}
		cpu()
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(js)), "ns/mode")
	})
	for _, j := range js {
		b.Run(j.name, func(b *testing.B) {
			b.ReportAllocs()
			if r := eval(j); r.Err != nil {
				b.Logf("%s: %v", j.name, r.Err)
			}
			cpu := cpuMeter(b)
			for b.Loop() {
				eval(j)
			}
			cpu()
		})
	}
	big, env := BigScript(2000, 16)
	dir := filepath.Join(tmpRoot, "evalbig")
	_ = os.MkdirAll(dir, 0o755)
	_ = os.WriteFile(filepath.Join(dir, "big.sh"), big, 0o755)
	_ = os.WriteFile(filepath.Join(dir, "big.env"), env, 0o644)
	bs := parser.ParseScript(filepath.Join(dir, "big.sh"), big)
	b.Run("big-2000-lines/serve", func(b *testing.B) {
		b.ReportAllocs()
		if r := dryrun.Eval(context.Background(), bs.Path, big, bs.File, "serve", dryrun.Options{Root: dir}); r.Err != nil {
			b.Fatal(r.Err)
		}
		cpu := cpuMeter(b)
		for b.Loop() {
			dryrun.Eval(context.Background(), bs.Path, big, bs.File, "serve", dryrun.Options{Root: dir})
		}
		cpu()
	})
}

// BenchmarkFixApply times fixes.Apply over the fixes the 16 cases' variants
// get (per file, all fixes at once), and the whole --fix loop
// (lint.ApplyFixes: analyse, apply, re-parse, to a fixed point) on them.
func BenchmarkFixApply(b *testing.B) {
	tr := tree(b, len(allCases))
	res, err := lint.Run(lint.Options{Paths: []string{tr.Root}, Evaluator: evaluator(), Jobs: jobs()})
	if err != nil {
		b.Fatal(err)
	}
	byFile := map[string][][]fixes.Edit{}
	nfix := 0
	for _, f := range lint.FixesOf(res.Findings) {
		for p, es := range f.Edits {
			byFile[p] = append(byFile[p], es)
			nfix++
		}
	}
	if nfix == 0 {
		b.Fatal("no fixes to apply")
	}
	b.Run("apply", func(b *testing.B) {
		b.ReportAllocs()
		cpu := cpuMeter(b)
		for b.Loop() {
			for p, fs := range byFile {
				if _, _, _, err := fixes.Apply(res.Contents[p], fs); err != nil {
					b.Fatal(err)
				}
			}
		}
		cpu()
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nfix), "ns/fix")
	})
	b.Run("loop", func(b *testing.B) {
		measure(b, len(tr.Scripts), func() {
			if _, _, err := lint.ApplyFixes(lint.Options{Paths: []string{tr.Root}, Evaluator: evaluator(), Jobs: jobs()}, 8); err != nil {
				b.Fatal(err)
			}
		})
	})
}

// BenchmarkLintTree times lint.Run (what the CLI does, minus printing) over
// trees of 100 and 1600 repos, with every rule and with the evaluation rules
// disabled.
func BenchmarkLintTree(b *testing.B) {
	for _, n := range []int{100, 1600} {
		tr := tree(b, n)
		for _, cfg := range []struct {
			name    string
			disable []string
		}{{"all", nil}, {"noeval", evalRules}} {
			b.Run(fmt.Sprintf("N=%d/%s", n, cfg.name), func(b *testing.B) {
				measure(b, len(tr.Scripts), func() {
					res, err := lint.Run(lint.Options{Paths: []string{tr.Root}, Disable: cfg.disable, Evaluator: evaluator(), Jobs: jobs()})
					if err != nil || len(res.Errors) > 0 {
						b.Fatal(err, res.Errors)
					}
				})
			})
		}
	}
}

// BenchmarkManyModes times lint.Run on one launcher of 250 and 1,000 modes
// in each ManyModes layout: what it costs should grow with the modes about
// as the modes' own evaluation does (each run of a mode tries the tests
// before its branch), not with their square or cube (the origins of a
// shared value resolved for every mode, per mode, took a 1,000-arm
// launcher 5 s and 830 MB).
func BenchmarkManyModes(b *testing.B) {
	for _, layout := range []string{"arms", "funcs", "elifs", "execs", "engines"} {
		for _, n := range []int{250, 1000} {
			script, env := ManyModes(layout, n)
			dir := filepath.Join(tmpRoot, fmt.Sprintf("many-%s-%d", layout, n))
			_ = os.MkdirAll(dir, 0o755)
			_ = os.WriteFile(filepath.Join(dir, "serve.sh"), script, 0o755)
			_ = os.WriteFile(filepath.Join(dir, "serve.env"), env, 0o644)
			b.Run(fmt.Sprintf("%s/%d-modes", layout, n), func(b *testing.B) {
				measure(b, 0, func() {
					res, err := lint.Run(lint.Options{Paths: []string{dir}, Evaluator: evaluator(), Jobs: jobs()})
					if err != nil || len(res.Findings) < n {
						b.Fatalf("err %v, %d findings for %d modes", err, len(res.Findings), n)
					}
				})
			})
		}
	}
}

// BenchmarkRelint times what a language server does on a keystroke in a
// 2,000-line launch script: re-read the buffer, re-parse, re-model,
// re-analyse with every rule (evaluating every mode). The buffer changes
// every iteration.
func BenchmarkRelint(b *testing.B) {
	for _, modes := range []int{4, 16, 64} {
		big, env := BigScript(2000, modes)
		dir := filepath.Join(tmpRoot, fmt.Sprintf("relint%d", modes))
		_ = os.MkdirAll(dir, 0o755)
		path := filepath.Join(dir, "big.sh")
		_ = os.WriteFile(path, big, 0o755)
		_ = os.WriteFile(filepath.Join(dir, "big.env"), env, 0o644)
		as, _ := lint.Analyzers(nil, nil)
		asNoEval, _ := lint.Analyzers(nil, evalRules)
		for _, cfg := range []struct {
			name string
			as   []*analysis.Analyzer
		}{{"all", as}, {"noeval", asNoEval}} {
			b.Run(fmt.Sprintf("2000-lines/%d-modes/%s", modes, cfg.name), func(b *testing.B) {
				b.ReportAllocs()
				buf := append([]byte(nil), big...)
				i := 0
				read := func(p string) ([]byte, error) {
					if p == path {
						return buf, nil
					}
					return os.ReadFile(p)
				}
				var findings int
				cpu := cpuMeter(b)
				for b.Loop() {
					// The keystroke: a digit of the last comment changes.
					buf[len(buf)-2] = byte('0' + i%10)
					i++
					opts := lint.Options{Paths: []string{path}, ReadFile: read, Evaluator: lint.SandboxEvaluator(2*time.Second, jobs(), read), Jobs: jobs()}
					u := parser.Load(parser.LoadOptions{Paths: opts.Paths, ReadFile: read, Jobs: jobs()})
					res, err := lint.Analyze(u, cfg.as, opts)
					if err != nil || len(res.Errors) > 0 {
						b.Fatal(err, res.Errors)
					}
					findings = len(res.Findings)
				}
				cpu()
				b.ReportMetric(float64(findings), "findings")
			})
		}
	}
}
