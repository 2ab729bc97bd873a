package dryrun

import (
	"bytes"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// Locals in a function's subshells.
//
// bash's local works wherever a function runs, its subshells included: a
// `… | while read -r line; do local key=${line%%=*}; …; done` in a
// function (the loop a pipeline's stage), f() ( local x; … ), $(local …),
// a job. interp's subshell does not carry over that it runs a function
// (interp.Runner.subshell copies no inFunc), so there local fails, "local:
// can only be used in a function", status 1: under set -e the mode ended
// where bash goes on ("script exited with status 1"), and without it the
// variable was not set. Eval's copy has each such local a declare
// (rewriteSubshellLocals), which is the function's local where interp
// knows it runs one and, in a subshell, a variable of the subshell's,
// gone with it as the local is, read there before any of the function's
// own of that name (TestSubshellLocals). A sourced file's text gets the
// same edit (subshellLocalEdits).

// subshellLocals reports whether f, the script's tree, declares a local in
// a subshell of a function (subshellLocalDecls), once per Prepared: Eval
// then runs the rewritten copy.
func (p *Prepared) subshellLocals(src []byte, f *syntax.File) bool {
	p.subLocalOnce.Do(func() {
		p.subLocal = bytes.Contains(src, []byte("local")) && len(subshellLocalDecls(f)) > 0
	})
	return p.subLocal
}

// subLocalState is what subshellLocalDecls knows of a node: whether it is
// in a function's body, and in a subshell started there.
type subLocalState struct{ inFunc, inSub bool }

// subshellLocalDecls returns the local declarations of n that run in a
// subshell of the function they are in: in a ( … ) group (a subshell
// body's too), a command or process substitution, a pipeline's stage, a
// job or a coprocess, started in the function's body (a function defined
// in a subshell runs as a function again when called).
func subshellLocalDecls(n syntax.Node) []*syntax.DeclClause {
	var out []*syntax.DeclClause
	stack := []subLocalState{{}}
	stages := map[*syntax.Stmt]bool{}
	shwalk.Walk(n, func(x syntax.Node) bool {
		if x == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		st := stack[len(stack)-1]
		switch y := x.(type) {
		case *syntax.FuncDecl:
			st = subLocalState{inFunc: true}
		case *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
			st.inSub = st.inSub || st.inFunc
		case *syntax.BinaryCmd:
			if y.Op == syntax.Pipe || y.Op == syntax.PipeAll {
				stages[y.X], stages[y.Y] = true, true
			}
		case *syntax.Stmt:
			if stages[y] || y.Background || y.Coprocess {
				st.inSub = st.inSub || st.inFunc
			}
		case *syntax.DeclClause:
			if st.inSub && y.Variant != nil && y.Variant.Value == "local" && !localDash(y) {
				out = append(out, y)
			}
		}
		stack = append(stack, st)
		return true
	})
	return out
}

// localDash reports whether d is `local -`, which saves the shell's
// options and has no declare of its own.
func localDash(d *syntax.DeclClause) bool {
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil && a.Value.Lit() == "-" {
			return true
		}
	}
	return false
}

// rewriteSubshellLocals makes each of f's subshellLocalDecls a declare; it
// reports whether it changed any. The word keeps the span of the script's
// "local", which a note prints again (isSubshellLocal).
func rewriteSubshellLocals(f *syntax.File) bool {
	decls := subshellLocalDecls(f)
	for _, d := range decls {
		d.Variant = &syntax.Lit{ValuePos: d.Variant.ValuePos, ValueEnd: d.Variant.ValueEnd, Value: "declare"}
	}
	return len(decls) > 0
}

// isSubshellLocal reports whether d is a local rewriteSubshellLocals made
// a declare: a declare spanning the five bytes of "local".
func isSubshellLocal(d *syntax.DeclClause) bool {
	v := d.Variant
	return v != nil && v.Value == "declare" && v.ValuePos.IsValid() && v.ValueEnd.Offset()-v.ValuePos.Offset() == uint(len("local"))
}

// subshellLocalEdits are rewriteSubshellLocals' changes as edits of the
// text f was parsed from (a sourced file's).
func subshellLocalEdits(f *syntax.File, data []byte) []textEdit {
	if !bytes.Contains(data, []byte("local")) {
		return nil
	}
	var edits []textEdit
	for _, d := range subshellLocalDecls(f) {
		start, end := int(d.Variant.Pos().Offset()), int(d.Variant.End().Offset())
		if start < 0 || end > len(data) || string(data[start:end]) != "local" {
			continue // not where the text says (a continued line)
		}
		edits = append(edits, textEdit{start, end, "declare"})
	}
	return edits
}

// subLocalFields are Prepared's fields for subshellLocals.
type subLocalFields struct {
	subLocalOnce sync.Once
	subLocal     bool
}
