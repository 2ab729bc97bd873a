package lint

import (
	"go/token"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
)

// knownRule reports whether name is a rule or the suppression pseudo-rule.
func knownRule(name string) bool {
	return name == suppress.Rule || rules.ByName(name) != nil
}

// suppressions reads the suppression directives of every file of the unit.
func suppressions(u *parser.Unit) *suppress.Set {
	set := suppress.New(knownRule)
	for _, s := range u.Scripts {
		set.AddScript(s)
	}
	for _, e := range u.Envs {
		set.AddEnv(e)
	}
	set.SetUndecidable(undecidable(u))
	return set
}

// crossFileRules are the rules whose findings on one file can come from
// the other readers of an env file: a shim's readers are rewritten by the
// env file's finding, an owned key is unused only when no reader uses it.
var crossFileRules = map[string]bool{"shapealias": true, "envowner": true, "envdialect": true, "freethroughput": true}

// undecidable reports, for the suppression judgment, the (file, rule)
// pairs a partial unit cannot judge: a cross-file rule on an env file whose
// readers were not all loaded (Unit.Covered), or on a script reading one.
// Each file is judged when first asked, from its own env files: most runs
// have no suppression to judge, and a run that has one asks about a few
// files (a runtime trace of 1,600 repos holding a few: judging every env
// file of the unit up front was the last 40 ms of the run, on one core,
// most of it a stat per repository looking for its work tree).
func undecidable(u *parser.Unit) func(file, rule string) bool {
	var once sync.Once
	var envs, scripts map[string]bool
	var mu sync.Mutex
	partialEnv := map[string]bool{}
	partial := func(env string) bool {
		if !envs[env] {
			return false
		}
		mu.Lock()
		p, ok := partialEnv[env]
		mu.Unlock()
		if !ok {
			p = !u.Covered(env)
			mu.Lock()
			partialEnv[env] = p
			mu.Unlock()
		}
		return p
	}
	return func(file, rule string) bool {
		if !crossFileRules[rule] {
			return false
		}
		once.Do(func() {
			envs, scripts = map[string]bool{}, map[string]bool{}
			for _, e := range u.Envs {
				envs[e.Path] = true
			}
			for _, s := range u.Scripts {
				scripts[s.Path] = true
			}
		})
		if partial(file) {
			return true
		}
		return scripts[file] && slices.ContainsFunc(u.Owning[file], func(e *parser.EnvFile) bool { return partial(e.Path) })
	}
}

// applySuppressions drops the findings that servelint:ignore comments
// silence and adds the findings of the suppression pseudo-rule (unless
// opts.Disable names it): suppressions without a reason, malformed or
// misplaced ones, and ones that silenced nothing for a rule that ran. With
// opts.DeferUnused the last are left out and the silenced findings
// returned instead.
func applySuppressions(set *suppress.Set, as []*analysis.Analyzer, opts Options, files map[string]*token.File, fs []Finding) (out, silenced []Finding) {
	if set.Empty() {
		return fs, nil
	}
	disabled := slices.Contains(opts.Disable, suppress.Rule)
	if opts.DeferUnused && !disabled {
		silenced = []Finding{}
	}
	out = fs[:0]
	for _, f := range fs {
		if !set.Silences(f.File, f.Line, f.Rule) {
			out = append(out, f)
		} else if silenced != nil {
			silenced = append(silenced, f)
		}
	}
	for i := range out {
		var kept []Finding
		out[i].Fixes, kept = unsuppressedFixes(set, files, out[i])
		if silenced != nil {
			silenced = append(silenced, kept...)
		}
	}
	if disabled {
		return out, nil
	}
	ran := map[string]bool{}
	if !opts.DeferUnused {
		for _, a := range as {
			ran[a.Name] = true
		}
	}
	for _, p := range set.Problems(func(r string) bool { return ran[r] }) {
		if tf := files[p.File]; tf != nil {
			out = append(out, problemFinding(tf, p))
		}
	}
	return out, silenced
}

// UnusedSuppressions judges the suppressions of a unit that silence
// nothing, given the findings they silenced in runs of the unit made with
// Options.DeferUnused (Result.Silenced, of every run), contents the files'
// bytes as those runs analysed them: ran says which rules ran, judged which
// directives to judge (nil: all). The findings are those a single run of
// all the rules reports.
func UnusedSuppressions(u *parser.Unit, contents map[string][]byte, silenced []Finding, ran func(rule string) bool, judged func(*suppress.Directive) bool) []Finding {
	set := suppressions(u)
	if set.Empty() {
		return nil
	}
	for _, f := range silenced {
		set.Silences(f.File, f.Line, f.Rule)
	}
	fset := token.NewFileSet()
	files := map[string]*token.File{}
	var out []Finding
	for _, p := range set.Unused(ran) {
		if judged != nil && !judged(p.Directive()) {
			continue
		}
		tf := files[p.File]
		if tf == nil {
			src, ok := contents[p.File]
			if !ok {
				continue
			}
			tf = fset.AddFile(p.File, -1, len(src))
			tf.SetLinesForContent(src)
			files[p.File] = tf
		}
		out = append(out, problemFinding(tf, p))
	}
	return out
}

// unsuppressedFixes drops each fix of f that edits a line silenced for f's
// rule: a finding that is not suppressed (an env-file shim) must not rewrite
// a line whose suppression someone wrote for that rule (a client's read of
// the shim). The finding stays, without that fix. A suppression that keeps
// its line out of a fix counts as used: kept lists, as findings of f's
// rule on those lines, what used them (for a judgment of unused
// suppressions made later, Options.DeferUnused).
func unsuppressedFixes(set *suppress.Set, files map[string]*token.File, f Finding) (out []Fix, kept []Finding) {
	out = f.Fixes[:0:0]
	for _, fx := range f.Fixes {
		silenced := false
		for _, e := range fx.Edits {
			tf := files[e.File]
			if tf == nil {
				continue
			}
			first := tf.Line(tf.Pos(clampOff(tf, e.Offset)))
			last := first
			if e.End > e.Offset { // up to its last byte: a deleted line ends where the next starts
				last = tf.Line(tf.Pos(clampOff(tf, e.End-1)))
			}
			for l := first; l <= last; l++ {
				if set.Silences(e.File, l, f.Rule) {
					silenced = true
					kept = append(kept, Finding{File: e.File, Line: l, Rule: f.Rule})
				}
			}
		}
		if !silenced {
			out = append(out, fx)
		}
	}
	return out, kept
}

// problemFinding converts a problem with a suppression to a finding.
func problemFinding(tf *token.File, p suppress.Problem) Finding {
	f := Finding{File: p.File, Rule: suppress.Rule, Severity: p.Severity, Message: p.Message, Fixes: []Fix{}}
	f.Offset, f.EndOffset = clampOff(tf, p.Start), clampOff(tf, p.End)
	start, end := tf.Position(tf.Pos(f.Offset)), tf.Position(tf.Pos(f.EndOffset))
	f.Line, f.Column, f.EndLine, f.EndColumn = start.Line, start.Column, end.Line, end.Column
	if len(p.Edits) > 0 {
		fx := Fix{Message: p.FixMessage}
		for _, e := range p.Edits {
			fx.Edits = append(fx.Edits, Edit{File: p.File, Offset: clampOff(tf, e.Start), End: clampOff(tf, e.End), NewText: e.New})
		}
		f.Fixes = append(f.Fixes, fx)
	}
	return f
}

func clampOff(tf *token.File, off int) int {
	return min(max(off, 0), tf.Size())
}
