package dryrun

import (
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// And-lists that end a branch.
//
// Under set -e, bash does not stop on a failing command of an && or ||
// list other than the last, nor on a compound command (case, if, { }, a
// loop) whose status is that list's: `case $MODE in kl) [[ -n ${FAST:-} ]]
// && X=2 ;; esac` goes on when FAST is empty. interp stops there, as if
// the compound were a failing simple command, and the mode could not be
// evaluated. Eval runs a copy (rewrite) in which such a list ending a
// branch, `A && B`, is `if A; then B; fi` (and `A || B` is `if ! A; then
// B; fi`): A is exempt from errexit and B is not, in both; the branch's
// status after a failing A is 0 instead of 1, which only a read of $?
// right after the compound could see: a compound followed by one is left
// as it is. A function's body is left alone:
// bash stops on a function call that returns the list's failure, and so
// does interp.

// hasAndTails reports whether an analysed script runs under set -e and has
// a branch ending in an && or || list.
func hasAndTails(s *parser.Script) bool {
	return s.BranchListTail() && s.Errexit() && wouldRewriteAndTails(s.File)
}

// wouldRewriteAndTails reports whether rewriteAndTails would change f
// (the tree is walked, not changed): a list ending a branch whose status
// is read (a loop ending a function, as every health probe's
// `for …; do curl … && return 0; done` does) needs no copy, and the
// language server then parses the buffer once, not twice, per change.
func wouldRewriteAndTails(f *syntax.File) bool {
	if f == nil {
		return false
	}
	t := &tailer{dry: true}
	t.list(f.Stmts, false)
	return t.changed
}

// rewriteAndTails makes each && or || list ending a branch of an if, a
// case, a { } group or a loop body an if (see above), in a tree whose main
// body turns errexit on, when nothing reads the compound's status: not a
// condition, an operand of a list or a pipe, a negation, a function's body
// (its return status), a subshell's or a substitution's last command, nor
// the last command of a branch whose compound is read, nor one whose
// status the next statement reads ($?). It reports whether
// it changed anything.
func rewriteAndTails(f *syntax.File) bool {
	if !parser.FileErrexit(f) {
		return false
	}
	t := &tailer{}
	t.list(f.Stmts, false)
	return t.changed
}

// tailer walks statement lists for rewriteAndTails; a dry one only
// notes whether it would change anything.
type tailer struct{ changed, dry bool }

// list visits a statement list whose last statement's status is read
// when lastRead.
func (t *tailer) list(stmts []*syntax.Stmt, lastRead bool) {
	for i, st := range stmts {
		read := lastRead && i == len(stmts)-1
		if i+1 < len(stmts) && readsStatus(stmts[i+1]) {
			read = true // case …; esac; rc=$?
		}
		t.stmt(st, read)
	}
}

// readsStatus reports whether st reads $? (the status of the statement
// before it).
func readsStatus(st *syntax.Stmt) bool { return shwalk.Expands(st, "?") }

// branch visits the statements of a branch of a compound whose status is
// read when read, making a tail list an if when it is not.
func (t *tailer) branch(stmts []*syntax.Stmt, read bool) {
	if !read && len(stmts) > 0 {
		if b := parser.ListTail(stmts[len(stmts)-1]); b != nil {
			if !t.dry {
				stmts[len(stmts)-1].Cmd = listAsIf(b)
			}
			t.changed = true
		}
	}
	t.list(stmts, read)
}

func (t *tailer) stmt(st *syntax.Stmt, read bool) {
	if st == nil {
		return
	}
	read = read || st.Negated
	switch x := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		t.stmt(x.X, true)
		t.stmt(x.Y, true)
	case *syntax.IfClause:
		for c := x; c != nil; c = c.Else {
			t.list(c.Cond, true)
			t.branch(c.Then, read)
		}
	case *syntax.CaseClause:
		for _, it := range x.Items {
			t.branch(it.Stmts, read)
		}
	case *syntax.Block:
		t.branch(x.Stmts, read)
	case *syntax.WhileClause:
		t.list(x.Cond, true)
		t.branch(x.Do, read)
	case *syntax.ForClause:
		t.branch(x.Do, read)
	case *syntax.FuncDecl:
		t.stmt(x.Body, true) // the body's status is the call's
	case *syntax.Subshell:
		t.list(x.Stmts, true)
	}
	// Command substitutions and other nested code are left as they are.
}

// listAsIf is `A && B` as `if A; then B; fi`, `A || B` as `if ! A; then B;
// fi`.
func listAsIf(b *syntax.BinaryCmd) *syntax.IfClause {
	cond := b.X
	if b.Op == syntax.OrStmt {
		neg := *b.X
		if neg.Negated {
			neg.Negated = false
		} else {
			neg.Negated = true
		}
		cond = &neg
	}
	return &syntax.IfClause{Position: b.Pos(), ThenPos: b.OpPos, FiPos: b.End(), Cond: []*syntax.Stmt{cond}, Then: []*syntax.Stmt{b.Y}}
}
