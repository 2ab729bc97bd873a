package lint

import (
	"go/token"

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
	return set
}

// applySuppressions drops the findings that servelint:ignore comments
// silence and adds the findings of the suppression pseudo-rule (unless
// opts.Disable names it): suppressions without a reason, malformed or
// misplaced ones, and ones that silenced nothing for a rule that ran.
func applySuppressions(set *suppress.Set, as []*analysis.Analyzer, opts Options, files map[string]*token.File, fs []Finding) []Finding {
	if set.Empty() {
		return fs
	}
	out := fs[:0]
	for _, f := range fs {
		if !set.Silences(f.File, f.Line, f.Rule) {
			out = append(out, f)
		}
	}
	for i := range out {
		out[i].Fixes = unsuppressedFixes(set, files, out[i])
	}
	for _, n := range opts.Disable {
		if n == suppress.Rule {
			return out
		}
	}
	ran := map[string]bool{}
	for _, a := range as {
		ran[a.Name] = true
	}
	for _, p := range set.Problems(func(r string) bool { return ran[r] }) {
		tf := files[p.File]
		if tf == nil {
			continue
		}
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
		out = append(out, f)
	}
	return out
}

// unsuppressedFixes drops each fix of f that edits a line silenced for f's
// rule: a finding that is not suppressed (an env-file shim) must not rewrite
// a line whose suppression someone wrote for that rule (a client's read of
// the shim). The finding stays, without that fix. A suppression that keeps
// its line out of a fix counts as used.
func unsuppressedFixes(set *suppress.Set, files map[string]*token.File, f Finding) []Fix {
	out := f.Fixes[:0:0]
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
				}
			}
		}
		if !silenced {
			out = append(out, fx)
		}
	}
	return out
}

func clampOff(tf *token.File, off int) int {
	return min(max(off, 0), tf.Size())
}
