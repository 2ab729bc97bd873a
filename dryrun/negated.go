package dryrun

import (
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// Negated pipelines under set -e.
//
// bash ignores errexit in every command of a pipeline preceded by !, and
// in what that pipeline runs (a { } group, a function): `set -e; ! true |
// false; echo still-here` goes on, and so does `! f` where f's body fails
// first. interp exempts only the negated statement itself: the last stage
// of `! A | B`, a group's or a function's failing command ended the run,
// and the mode could not be evaluated. Eval runs a copy (rewriteNegations)
// in which each negated statement `! CMD` is
//
//	! if CMD; then :; else ! :; fi
//
// CMD is the if's condition, where interp exempts every command it runs
// from errexit as bash does under !, and the status is !CMD's: CMD
// succeeding runs :, which the negation makes 1; CMD failing runs ! :,
// which is 1 and negated 0.

// negations reports whether src may hold a negated statement (mayNegate),
// once per Prepared: Eval runs the rewritten copy when the script holds
// one.
func (p *Prepared) negations(src []byte) bool {
	p.negOnce.Do(func() { p.neg = mayNegate(src) })
	return p.neg
}

// rewriteNegations makes the copy described above; it reports whether it
// changed f. A statement run in the background is left as it is (its
// status is the job's).
func rewriteNegations(f *syntax.File) bool {
	var sts []*syntax.Stmt
	shwalk.Walk(f, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok && st.Negated && !st.Background && !st.Coprocess && !st.Disown && st.Cmd != nil {
			sts = append(sts, st)
		}
		return true
	})
	for _, st := range sts {
		inner := *st
		inner.Negated = false
		colon := func(neg bool) *syntax.Stmt {
			return &syntax.Stmt{Position: st.Pos(), Negated: neg, Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(":")}}}
		}
		st.Cmd = &syntax.IfClause{Position: st.Pos(), ThenPos: st.Pos(), FiPos: inner.End(),
			Cond: []*syntax.Stmt{&inner}, Then: []*syntax.Stmt{colon(false)},
			Else: &syntax.IfClause{Position: st.Pos(), FiPos: inner.End(), Then: []*syntax.Stmt{colon(true)}}}
		st.Redirs, st.Comments = nil, nil
	}
	return len(sts) > 0
}
