// Package lint drives servelint's analyzers over a set of files: it loads
// the model, runs the enabled rules (and what they require) once each, and
// turns their diagnostics into findings with file:line:col positions.
package lint

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/servelint/servelint/fixes"
	"github.com/servelint/servelint/internal/fsread"
	"github.com/servelint/servelint/internal/warm"
	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
)

// Options says what to lint and how.
type Options struct {
	Paths []string
	// Enable and Disable adjust the default set of rules.
	Enable, Disable []string
	Jobs            int
	// ReadFile overrides how files are read (editor buffers).
	ReadFile    func(string) ([]byte, error)
	Config      *rules.Config
	Roles       parser.RoleMatcher
	Exclude     []string
	Owners      map[string]string
	MaxFileSize int64
	// MaxTotalSize bounds the bytes of all the files walked or named
	// (parser.LoadOptions.MaxTotalSize).
	MaxTotalSize int64
	// Engine forces an engine profile ("" detects it per invocation).
	Engine string
	// Evaluator computes dry-run argv for rules that need it; nil disables
	// those rules' evaluation (they then say so).
	Evaluator Evaluator
	// Covered names env files (absolute) all of whose readers are among
	// Paths, though no directory holding them is (the CI gate adds them).
	Covered []string
	// DeferUnused leaves out the findings about suppressions that silence
	// nothing and keeps Result.Silenced instead, for a caller that runs
	// the rules in several parts and judges them over all the parts with
	// UnusedSuppressions (the language server's two tiers).
	DeferUnused bool
	// Reported names rules, besides those this run enables, whose findings
	// the caller reports from another run over the same files (the
	// language server's static and dry-run tiers): a rule that leaves a
	// finding to one of them (argvdrift to privateshape) counts on it.
	Reported []string
	// FixFile, when set, limits ApplyFixes to the fixes every edit of
	// which is in a file it accepts: the others stay findings, unapplied
	// (standard input fixed to stdout, whose other files are not written).
	FixFile func(path string) bool
	// DisplayPath, when set, is how this lint's messages name files (nil:
	// rules.DisplayPath); it must be safe for concurrent use.
	DisplayPath func(string) string
	// Walked is parser.LoadOptions.Walked.
	Walked func(bytes int64)
}

// Evaluator computes the dry-run argv of every mode of a script.
type Evaluator func(u *parser.Unit, s *parser.Script) map[string]*rules.EvalResult

// Edit is one edit of a fix, by byte offsets into a file.
type Edit struct {
	File    string `json:"file"`
	Offset  int    `json:"offset"`
	End     int    `json:"end"`
	NewText string `json:"new_text"`
}

// Fix is a suggested fix.
type Fix struct {
	Message string `json:"message"`
	Edits   []Edit `json:"edits"`
}

// Finding is one reported problem.
type Finding struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	Message   string `json:"message"`
	Fixes     []Fix  `json:"fixes"`
	// Offset and EndOffset are the byte span in File.
	Offset    int `json:"-"`
	EndOffset int `json:"-"`
}

// Result is the outcome of a lint run.
type Result struct {
	Findings []Finding
	// Errors are failures: unreadable files, internal errors (exit 3).
	Errors []error
	Unit   *parser.Unit
	// Contents holds every loaded file's bytes as analysed.
	Contents map[string][]byte
	// Silenced are the findings that suppressions silenced, with
	// Options.DeferUnused; nil when there is nothing to judge (no
	// suppression, or the suppression pseudo-rule is disabled).
	Silenced []Finding
}

// Analyzers resolves the enabled rules from the defaults and the
// enable/disable lists; an unknown rule name is an error.
func Analyzers(enable, disable []string) ([]*analysis.Analyzer, error) {
	on := map[string]bool{}
	for _, a := range rules.All {
		on[a.Name] = rules.DefaultOn(a)
	}
	for _, lst := range [][]string{enable, disable} {
		for _, n := range lst {
			if !knownRule(n) {
				return nil, fmt.Errorf("unknown rule %q (servelint rules lists them)", n)
			}
		}
	}
	for _, n := range enable {
		on[n] = true
	}
	for _, n := range disable {
		on[n] = false
	}
	var out []*analysis.Analyzer
	for _, a := range rules.All {
		if on[a.Name] {
			out = append(out, a)
		}
	}
	return out, nil
}

// Run lints the files the options name.
func Run(opts Options) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil { // a panic while loading: a failure, not a crash
			res, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	as, err := Analyzers(opts.Enable, opts.Disable)
	if err != nil {
		return nil, err
	}
	if opts.Config == nil {
		opts.Config = rules.DefaultConfig()
	}
	u := parser.Load(parser.LoadOptions{Paths: opts.Paths, ReadFile: opts.ReadFile, Jobs: opts.Jobs,
		MaxFileSize: opts.MaxFileSize, MaxTotalSize: opts.MaxTotalSize, Roles: opts.Roles, Exclude: opts.Exclude, Owners: opts.Owners, Engine: opts.Engine,
		Covered: opts.Covered, Walked: opts.Walked})
	return Analyze(u, as, opts)
}

// Analyze runs the analyzers over a loaded unit.
func Analyze(u *parser.Unit, as []*analysis.Analyzer, opts Options) (res *Result, err error) {
	if opts.Config == nil {
		opts.Config = rules.DefaultConfig()
	}
	res = &Result{Unit: u, Errors: append([]error(nil), u.Errors...), Contents: map[string][]byte{}}
	fset := token.NewFileSet()
	files := map[string]*token.File{}
	var paths []string
	var tfs []*token.File
	var srcs [][]byte
	addFile := func(path string, src []byte) {
		tf := fset.AddFile(path, -1, len(src))
		tfs, srcs = append(tfs, tf), append(srcs, src)
		files[path] = tf
		res.Contents[path] = src
		paths = append(paths, path)
	}
	for _, s := range u.Scripts {
		addFile(s.Path, s.Src)
	}
	for _, e := range u.Envs {
		addFile(e.Path, e.Src)
	}
	for _, p := range u.EnvTooBig {
		if files[p.Path] == nil {
			addFile(p.Path, nil) // reported at its start, not analysed
		}
	}
	// Line tables on every worker (a file's own lock; pprof: done one file
	// after the other, they held up the start of the analyzers).
	warm.Each(len(tfs), opts.Jobs, func(i int) { tfs[i].SetLinesForContent(srcs[i]) })
	// The suppression directives are read while the analyzers run.
	sup := make(chan *suppress.Set, 1)
	warm.Go(func() {
		defer func() {
			if recover() != nil {
				sup <- nil // read again on the caller, where a panic is reported
			}
		}()
		sup <- suppressions(u)
	})
	ctx := &rules.Context{Unit: u, Config: opts.Config, Files: files, Jobs: opts.Jobs, Reported: map[string]bool{}, Display: opts.DisplayPath}
	for _, a := range as {
		ctx.Reported[a.Name] = true
	}
	for _, n := range opts.Reported {
		ctx.Reported[n] = true
	}
	if opts.Evaluator != nil {
		ev := opts.Evaluator
		ctx.Eval = func(s *parser.Script) map[string]*rules.EvalResult { return ev(u, s) }
	}
	pkg := types.NewPackage("servelint.invalid/unit", "unit")
	release := rules.Bind(pkg, ctx)
	defer release()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()

	order := topo(as)
	reportable := map[*analysis.Analyzer]bool{}
	for _, a := range as {
		reportable[a] = true
	}
	runs := runAnalyzers(order, opts.Jobs, func(a *analysis.Analyzer, resultOf map[*analysis.Analyzer]any) (any, []analysis.Diagnostic, error) {
		var diags []analysis.Diagnostic
		pass := &analysis.Pass{
			Analyzer:   a,
			Fset:       fset,
			OtherFiles: paths,
			Pkg:        pkg,
			TypesInfo:  &types.Info{},
			TypesSizes: types.SizesFor("gc", "amd64"),
			ResultOf:   resultOf,
			Report:     func(d analysis.Diagnostic) { diags = append(diags, d) },
			ReadFile: func(name string) ([]byte, error) {
				if b, ok := res.Contents[name]; ok {
					return b, nil
				}
				return nil, fmt.Errorf("%s is not part of this run", name)
			},
		}
		r, err := a.Run(pass)
		return r, diags, err
	})
	for _, r := range runs { // in topological order: the output does not depend on timing
		if r.err != nil {
			res.Errors = append(res.Errors, fmt.Errorf("rule %s: %w", r.a.Name, r.err))
			continue
		}
		if !reportable[r.a] {
			continue
		}
		for _, d := range r.diags {
			res.Findings = append(res.Findings, toFinding(fset, r.a.Name, d))
		}
	}
	set := <-sup
	if set == nil {
		set = suppressions(u)
	}
	res.Findings, res.Silenced = applySuppressions(set, as, opts, files, res.Findings)
	res.Findings = Dedup(res.Findings)
	Sort(res.Findings)
	return res, nil
}

// analyzerRun is what one analyzer's pass produced.
type analyzerRun struct {
	a      *analysis.Analyzer
	result any
	diags  []analysis.Diagnostic
	err    error
	done   chan struct{}
}

// runAnalyzers runs the analyzers (in topological order) each as soon as
// what it requires is done: with jobs > 1 up to jobs independent analyzers
// run at once, so that the static rules overlap the dry-run evaluation the argv
// rules wait for (pprof on 1,600 repos: run one after the other, 2 CPUs
// were 1.5 busy). An analyzer whose requirement failed is not run. A
// panic in one becomes its error.
func runAnalyzers(order []*analysis.Analyzer, jobs int, run func(*analysis.Analyzer, map[*analysis.Analyzer]any) (any, []analysis.Diagnostic, error)) []*analyzerRun {
	runs := make([]*analyzerRun, len(order))
	byA := map[*analysis.Analyzer]*analyzerRun{}
	for i, a := range order {
		runs[i] = &analyzerRun{a: a, done: make(chan struct{})}
		byA[a] = runs[i]
	}
	slots := make(chan struct{}, max(jobs, 1)) // at most jobs analyzers run at once
	one := func(r *analyzerRun) {
		defer close(r.done)
		resultOf := map[*analysis.Analyzer]any{}
		for _, req := range r.a.Requires {
			dep := byA[req]
			<-dep.done
			if dep.err != nil {
				r.err = fmt.Errorf("requires %s, which failed", req.Name)
				return
			}
			resultOf[req] = dep.result
		}
		slots <- struct{}{} // taken only once what it requires is done: no cycle of waits
		defer func() { <-slots }()
		defer func() {
			if p := recover(); p != nil {
				r.err = fmt.Errorf("internal error: %v", p)
			}
		}()
		r.result, r.diags, r.err = run(r.a, resultOf)
	}
	if jobs <= 1 {
		for _, r := range runs {
			one(r)
		}
		return runs
	}
	for _, r := range runs {
		warm.Go(func() { one(r) })
	}
	for _, r := range runs {
		<-r.done
	}
	return runs
}

// topo orders analyzers so that each runs after what it requires.
func topo(as []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		out = append(out, a)
	}
	for _, a := range as {
		visit(a)
	}
	return out
}

func toFinding(fset *token.FileSet, rule string, d analysis.Diagnostic) Finding {
	p := fset.Position(d.Pos)
	end := d.End
	if !end.IsValid() {
		end = d.Pos
	}
	e := fset.Position(end)
	f := Finding{File: p.Filename, Line: p.Line, Column: p.Column, EndLine: e.Line, EndColumn: e.Column,
		Rule: rule, Severity: d.Category, Message: d.Message, Offset: p.Offset, EndOffset: e.Offset, Fixes: []Fix{}}
	if f.Severity == "" {
		f.Severity = rules.Error
	}
	// An empty (or unread, too large) file has no line 1 in its token.File.
	if f.Line < 1 {
		f.Line, f.Column = 1, 1
	}
	if f.EndLine < f.Line {
		f.EndLine, f.EndColumn = f.Line, f.Column
	}
	for _, sf := range d.SuggestedFixes {
		fx := Fix{Message: sf.Message}
		for _, te := range sf.TextEdits {
			tp, tq := fset.Position(te.Pos), fset.Position(te.End)
			if te.End == token.NoPos {
				tq = tp
			}
			fx.Edits = append(fx.Edits, Edit{File: tp.Filename, Offset: tp.Offset, End: tq.Offset, NewText: string(te.NewText)})
		}
		f.Fixes = append(f.Fixes, fx)
	}
	return f
}

// Dedup drops findings identical in file, span, rule and message.
func Dedup(fs []Finding) []Finding {
	// A struct key, not a formatted string: pprof alloc_space on 1,600
	// repos put fmt.Sprintf here at half of that function's bytes.
	type key struct {
		file              string
		offset, endOffset int
		rule, message     string
	}
	seen := make(map[key]bool, len(fs))
	out := fs[:0]
	for _, f := range fs {
		k := key{f.File, f.Offset, f.EndOffset, f.Rule, f.Message}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, f)
	}
	return out
}

// Sort orders findings by file, position and rule.
func Sort(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return a.Rule < b.Rule
	})
}

// FixesOf converts the findings' fixes for the fixes package.
func FixesOf(fs []Finding) []fixes.Fix {
	var out []fixes.Fix
	for _, f := range fs {
		for _, fx := range f.Fixes {
			ff := fixes.Fix{Message: fx.Message, Edits: map[string][]fixes.Edit{}}
			for _, e := range fx.Edits {
				ff.Edits[e.File] = append(ff.Edits[e.File], fixes.Edit{Start: e.Offset, End: e.End, New: e.NewText})
			}
			out = append(out, ff)
		}
	}
	return out
}

// fixesIn keeps the fixes all of whose edits are in files keep accepts
// (all of them when keep is nil).
func fixesIn(fs []fixes.Fix, keep func(string) bool) []fixes.Fix {
	if keep == nil {
		return fs
	}
	out := fs[:0]
	for _, f := range fs {
		ok := true
		for p := range f.Edits {
			ok = ok && keep(p)
		}
		if ok {
			out = append(out, f)
		}
	}
	return out
}

// FixOutcome is what --fix did.
type FixOutcome struct {
	// Changed maps each changed file to its old and new contents.
	Changed map[string][2][]byte
	Report  fixes.Report
}

// ApplyFixes runs analysis and applies fixes to a fixed point (in memory). It does
// not write: the caller writes Changed with fixes.WriteFile or prints diffs.
func ApplyFixes(opts Options, maxPasses int) (*Result, *FixOutcome, error) {
	first, err := Run(opts)
	if err != nil {
		return nil, nil, err
	}
	orig := first.Contents
	// Loop's first pass analyses orig, which first already did; every later
	// pass analyses the contents it is given. The last analysis is kept:
	// when Loop converges it was made on the final contents.
	last, lastIn := first, orig
	analyze := func(cur map[string][]byte) ([]fixes.Fix, error) {
		if last == first && sameContents(cur, orig) {
			return fixesIn(FixesOf(first.Findings), opts.FixFile), nil
		}
		r, err := Run(withFiles(opts, cur))
		if err != nil {
			return nil, err
		}
		last, lastIn = r, cur
		return fixesIn(FixesOf(r.Findings), opts.FixFile), nil
	}
	validate := func(path string, b []byte) error {
		if parser.IsEnvName(baseName(path)) {
			return nil
		}
		s := parser.ParseScript(path, b)
		if s.Err != nil {
			return errors.New(s.Err.Msg)
		}
		return nil
	}
	out, rep, err := fixes.Loop(orig, analyze, validate, maxPasses)
	if err != nil {
		return nil, nil, err
	}
	oc := &FixOutcome{Changed: map[string][2][]byte{}, Report: rep}
	final := map[string][]byte{}
	for p, b := range orig {
		final[p] = b
	}
	for p, b := range out {
		oc.Changed[p] = [2][]byte{orig[p], b}
		final[p] = b
	}
	// The findings after fixing: the last analysis when it was made on the
	// final contents, else a lint of them.
	if rep.Converged && sameContents(lastIn, final) {
		return last, oc, nil
	}
	after, err := Run(withFiles(opts, out))
	if err != nil {
		return nil, nil, err
	}
	return after, oc, nil
}

// withFiles returns opts reading the given contents in place of the disk
// (or of opts.ReadFile) for those paths. The disk is read as the loader
// reads it, never past the size limit (the loader checks the size of what
// it is given).
func withFiles(opts Options, files map[string][]byte) Options {
	read := opts.ReadFile
	if read == nil {
		limit := opts.MaxFileSize
		if limit <= 0 {
			limit = parser.DefaultMaxFileSize
		}
		read = func(p string) ([]byte, error) { return fsread.Read(p, limit) }
	}
	opts.ReadFile = func(p string) ([]byte, error) {
		if b, ok := files[p]; ok {
			return b, nil
		}
		return read(p)
	}
	return opts
}

// sameContents reports whether every file of a has the same bytes in b.
func sameContents(a, b map[string][]byte) bool {
	for p, x := range a {
		y, ok := b[p]
		if !ok || !bytes.Equal(x, y) {
			return false
		}
	}
	return true
}

func baseName(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}
