package dryrun

import (
	"slices"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
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

// Subshells where errexit is off.
//
// bash ignores errexit in an if's or a while's condition, on the left of
// && and ||, and under !, and in everything run there, subshells
// included: `set -eo pipefail; f() { false; true; }; if f | true; then`
// takes the then, as does `if ( false; true ); then`. interp turns
// errexit off in its own shell only: a subshell it starts there (a
// pipeline's stage other than the last, a ( … ) group) starts with it on
// again, so f's false ended the stage, the pipeline failed under pipefail
// and the else was taken, or `! f | true` gave the other status. Eval runs
// a copy (rewriteExemptSubshells) in which each such stage or group body
// is the condition of an if inside the subshell,
//
//	if STAGE; then :; else (exit "$?"); fi
//
// where errexit is off again for all STAGE runs, and the status is
// STAGE's. Only in a script whose main body turns errexit on (exemptIn).

// exemptIn reports whether f turns errexit on in its main body and holds
// such a subshell: Eval then runs the rewritten copy. The answer for the
// first tree asked is kept (Eval asks of the script's tree once per mode);
// another tree is asked afresh. The trees differ: the copy rewrite makes
// runs a pipeline's last command in a ( … ) group (rewriteLastPipes), one
// that is exempt when that command is a function of the script, and an
// answer kept from the script's tree left it unrewritten.
func (p *Prepared) exemptIn(f *syntax.File) bool {
	p.exemptOnce.Do(func() { p.exemptFrom, p.exempt = f, holdsExempt(f) })
	if f != p.exemptFrom {
		return holdsExempt(f)
	}
	return p.exempt
}

// holdsExempt reports whether f turns errexit on in its main body and
// holds a subshell where it is off (exemptSubshells).
func holdsExempt(f *syntax.File) bool {
	if !parser.FileErrexit(f) {
		return false
	}
	stages, groups := exemptSubshells(f)
	return len(stages)+len(groups) > 0
}

// rewriteExemptSubshells makes the copy described above; it reports whether
// it changed f.
func rewriteExemptSubshells(f *syntax.File) bool {
	stages, groups := exemptSubshells(f)
	cond := func(inner *syntax.Stmt) *syntax.IfClause {
		pos := inner.Pos()
		exit := &syntax.Stmt{Position: pos, Cmd: &syntax.Subshell{Lparen: pos, Rparen: pos, Stmts: []*syntax.Stmt{
			{Position: pos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWordAt("exit", pos), paramWord("?")}}}}}}
		colon := &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWordAt(":", pos)}}}
		return &syntax.IfClause{Position: pos, ThenPos: pos, FiPos: inner.End(), Cond: []*syntax.Stmt{inner},
			Then: []*syntax.Stmt{colon}, Else: &syntax.IfClause{Position: pos, FiPos: inner.End(), Then: []*syntax.Stmt{exit}}}
	}
	for _, s := range stages {
		inner := *s
		*s = syntax.Stmt{Position: inner.Position, Cmd: cond(&inner)}
	}
	for _, g := range groups {
		pos := g.Stmts[0].Pos()
		body := &syntax.Stmt{Position: pos, Cmd: &syntax.Block{Lbrace: pos, Rbrace: g.Rparen, Stmts: g.Stmts}}
		g.Stmts = []*syntax.Stmt{{Position: pos, Cmd: cond(body)}}
	}
	return len(stages)+len(groups) > 0
}

// exemptSubshells returns the pipeline stages that run in a subshell
// where errexit is off (all but the last; one that is a plain command,
// whose own status the stage's is anyway, left out) and the ( … ) groups
// there (one of a plain command alone left out too).
func exemptSubshells(f *syntax.File) (stages []*syntax.Stmt, groups []*syntax.Subshell) {
	funcs := funcNames(f)
	var visit func(st *syntax.Stmt, ex bool)
	list := func(sts []*syntax.Stmt, ex bool) {
		for _, st := range sts {
			visit(st, ex)
		}
	}
	visit = func(st *syntax.Stmt, ex bool) {
		if st == nil || st.Background || st.Coprocess {
			return // a job: its status is not the statement's
		}
		ex = ex || st.Negated
		switch c := st.Cmd.(type) {
		case *syntax.BinaryCmd:
			switch {
			case c.Op == syntax.AndStmt || c.Op == syntax.OrStmt:
				visit(c.X, true)
				visit(c.Y, ex)
			case isPipe(c):
				ss := pipeStages(c)
				for i, s := range ss {
					if ex && i < len(ss)-1 && !simpleCommand(s, funcs) {
						stages = append(stages, s)
					}
					visit(s, ex)
				}
			}
		case *syntax.Subshell:
			if ex && len(c.Stmts) > 0 && (len(c.Stmts) > 1 || !simpleCommand(c.Stmts[0], funcs)) {
				// ( CMD ) of one command (rewriteLastPipes' around a
				// pipeline's last) ends with CMD's status either way.
				groups = append(groups, c)
			}
			list(c.Stmts, ex)
		case *syntax.IfClause:
			for cl := c; cl != nil; cl = cl.Else {
				list(cl.Cond, true)
				list(cl.Then, ex)
			}
		case *syntax.WhileClause:
			list(c.Cond, true)
			list(c.Do, ex)
		case *syntax.ForClause:
			list(c.Do, ex)
		case *syntax.Block:
			list(c.Stmts, ex)
		case *syntax.CaseClause:
			for _, it := range c.Items {
				list(it.Stmts, ex)
			}
		case *syntax.TimeClause:
			visit(c.Stmt, ex)
		case *syntax.FuncDecl:
			visit(c.Body, false) // run where it is called, not here
		}
	}
	list(f.Stmts, false)
	return stages, groups
}

// simpleCommand reports whether st runs one command that is not a
// function of the script nor runs shell code (eval, source): what errexit
// would end in it is the command itself, whose status the stage's is
// anyway. A name that is not a literal ("$cmd") may be a function, and
// is not one.
func simpleCommand(st *syntax.Stmt, funcs []string) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 {
		return false
	}
	name, ok := parser.LitValue(c.Args[0])
	if !ok || slices.Contains(funcs, name) {
		return false
	}
	switch name {
	case "eval", "source", ".", "command", "builtin":
		return false
	}
	return true
}

// exemptInner returns the statement an exempt rewrite wrapped in st (`if
// STAGE; then :; else (exit "$?"); fi`, its condition), or nil when st is
// not one: a note prints what the script wrote (nodeText).
func exemptInner(st *syntax.Stmt) *syntax.Stmt {
	ic, ok := st.Cmd.(*syntax.IfClause)
	if !ok || len(ic.Cond) != 1 || len(ic.Then) != 1 || ic.Else == nil || len(ic.Else.Cond) != 0 || len(ic.Else.Then) != 1 || ic.ThenPos != ic.Cond[0].Pos() {
		return nil
	}
	colon, ok := ic.Then[0].Cmd.(*syntax.CallExpr)
	if !ok || len(colon.Args) != 1 || colon.Args[0].Lit() != ":" {
		return nil
	}
	sub, ok := ic.Else.Then[0].Cmd.(*syntax.Subshell)
	if !ok || len(sub.Stmts) != 1 || sub.Lparen != sub.Rparen {
		return nil
	}
	if ex, ok := sub.Stmts[0].Cmd.(*syntax.CallExpr); !ok || len(ex.Args) != 2 || ex.Args[0].Lit() != "exit" {
		return nil
	}
	return ic.Cond[0]
}
