package rules

import (
	"bytes"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// nameRefs is where a syntax tree reads one variable, for rewriting the
// reads to another variable of the same value.
type nameRefs struct {
	// params are the names of its expansions ($X, ${X}, ${X:-…}).
	params []*syntax.Lit
	// arith are its bare names in arithmetic ($((X * 2)), (( X > 8 ))).
	arith []*syntax.Lit
	// assigns are its assignments (X=…, read-only arithmetic aside).
	assigns []*syntax.Assign
	// unsure is set when the name is written where a rewrite is not known
	// to keep the meaning: assigned in arithmetic ((( X++ )), $((X = 4))),
	// an indirect or name-listing expansion (${!X}, ${!X*}), or a bare word
	// outside arithmetic (export X, [[ X -gt 4 ]], unset X).
	unsure bool
	// texts are words of text bash evaluates as arithmetic that read it
	// (let "k = X + 2", declare -i d=X, [[ X -gt 4 ]]): reads no rewrite
	// reaches; unsure is set with them.
	texts []*syntax.Word
}

// scanName finds the reads of name in root. Bare words outside arithmetic
// set unsure only when words is true (an env file, where any such word is a
// command; a script is full of plain words that happen to be names).
func scanName(root syntax.Node, name string, words bool) nameRefs {
	var r nameRefs
	aw := &arithWalk{
		bare: func(lit *syntax.Lit) {
			if lit.Value == name {
				r.arith = append(r.arith, lit)
			}
		},
		assigned: func(n string) {
			if n == name {
				r.unsure = true
			}
		},
		text: func(w *syntax.Word) {
			if arithTextReads(w, name) {
				r.unsure = true // let "k = NAME + 2": read inside a string
				r.texts = append(r.texts, w)
			}
		},
	}
	aw.node = func(n syntax.Node) {
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Param != nil && n.Param.Value == name {
				if n.Excl || n.Names != 0 {
					r.unsure = true
				}
				r.params = append(r.params, n.Param)
			}
		case *syntax.Assign:
			if n.Name != nil && n.Name.Value == name {
				r.assigns = append(r.assigns, n)
			}
		case *syntax.Word:
			if words && !aw.inArith[n] && n.Lit() == name {
				r.unsure = true
			}
		}
	}
	aw.walk(root)
	return r
}

// arithWalk walks a tree and reports its arithmetic: each bare name read
// in arithmetic ($((X * 2)), (( X > 8 )), for ((…)), ${a[X]}, ${s:X:Y},
// a[X]=…) once, each name arithmetic assigns (X++, X = 4), and each word
// whose text bash evaluates as arithmetic (let "k = X + 2", declare -i
// d=X, [[ X -gt 4 ]]); node is called for every node after that.
type arithWalk struct {
	bare     func(lit *syntax.Lit)
	assigned func(name string)
	text     func(w *syntax.Word)
	node     func(n syntax.Node)
	// inArith are the words met as bare names in arithmetic.
	inArith map[*syntax.Word]bool
}

func (aw *arithWalk) arith(x syntax.ArithmExpr) {
	if x == nil {
		return
	}
	// The names arithmetic assigns ((( X = 64 )), let X=32, X++) are
	// writes, not reads: assigned is told, bare is not (a rewrite of the
	// reads to another name must not turn a write of X into one of it).
	targets := map[syntax.ArithmExpr]bool{}
	shwalk.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Word:
			if lit, ok := bareName(n); ok && !aw.inArith[n] {
				aw.inArith[n] = true
				if !targets[n] {
					aw.bare(lit)
				}
			}
		case *syntax.BinaryArithm:
			if isArithAssign(n.Op) {
				targets[n.X] = true
				aw.assigned(arithName(n.X))
			}
		case *syntax.UnaryArithm:
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				targets[n.X] = true
				aw.assigned(arithName(n.X))
			}
		case *syntax.CmdSubst:
			return false // its own statements: walked by the outer walk
		}
		return true
	})
}

func (aw *arithWalk) walk(root syntax.Node) {
	aw.inArith = map[*syntax.Word]bool{}
	shwalk.Walk(root, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ArithmExp:
			aw.arith(n.X)
		case *syntax.ArithmCmd:
			aw.arith(n.X)
		case *syntax.LetClause:
			for _, x := range n.Exprs {
				aw.arith(x)
				if w, ok := x.(*syntax.Word); ok {
					aw.text(w)
				}
			}
		case *syntax.DeclClause:
			if declInt(n) { // declare -i d=NAME: the value is arithmetic
				for _, a := range n.Args {
					if !a.Naked && a.Value != nil {
						aw.text(a.Value)
					}
				}
			}
		case *syntax.BinaryTest:
			if arithTest(n.Op) { // [[ NAME -gt 4 ]]: the operands are arithmetic
				for _, x := range []syntax.TestExpr{n.X, n.Y} {
					if w, ok := x.(*syntax.Word); ok {
						aw.text(w)
					}
				}
			}
		case *syntax.CStyleLoop:
			aw.arith(n.Init)
			aw.arith(n.Cond)
			aw.arith(n.Post)
		case *syntax.ParamExp:
			aw.arith(n.Index)
			if n.Slice != nil {
				aw.arith(n.Slice.Offset)
				aw.arith(n.Slice.Length)
			}
		case *syntax.Assign:
			aw.arith(n.Index)
		}
		aw.node(n)
		return true
	})
}

// arithTextReads reports whether a word whose text bash evaluates as
// arithmetic (let's strings, declare -i values, [[ -gt ]] operands) reads
// name as a bare variable.
func arithTextReads(w *syntax.Word, name string) bool {
	v, ok := parser.LitValue(w)
	if !ok || !strings.Contains(v, name) {
		return false
	}
	x, err := syntax.NewParser().Arithmetic(strings.NewReader(v))
	if err != nil {
		return true // unreadable: it may read it
	}
	found := false
	shwalk.Walk(x, func(n syntax.Node) bool {
		if w, ok := n.(*syntax.Word); ok && w.Lit() == name {
			found = true
		}
		return !found
	})
	return found
}

// declInt reports whether a declaration gives its variables the integer
// attribute (declare -i, local -i, typeset -ri).
func declInt(d *syntax.DeclClause) bool {
	for _, a := range d.Args {
		if !a.Naked || a.Value == nil {
			continue
		}
		if v, ok := parser.LitValue(a.Value); ok && strings.HasPrefix(v, "-") && strings.Contains(v, "i") {
			return true
		}
	}
	return false
}

// arithTest reports whether a [[ ]] operator compares numbers.
func arithTest(op syntax.BinTestOperator) bool {
	switch op {
	case syntax.TsEql, syntax.TsNeq, syntax.TsLss, syntax.TsLeq, syntax.TsGtr, syntax.TsGeq:
		return true
	}
	return false
}

// bareName returns the one literal a word is.
func bareName(w *syntax.Word) (*syntax.Lit, bool) {
	if len(w.Parts) != 1 {
		return nil, false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	return lit, ok
}

// isArithAssign reports whether op assigns its left operand.
func isArithAssign(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn,
		syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
		return true
	}
	return false
}

// arithName returns the bare name an arithmetic operand is, "" otherwise.
func arithName(x syntax.ArithmExpr) string {
	if w, ok := x.(*syntax.Word); ok {
		return w.Lit()
	}
	return ""
}

// parseEnvShell parses an env file as the shell program bash sources; nil
// when bash would not parse it either.
func parseEnvShell(src []byte) *syntax.File {
	f, err := parser.ParseShell(bytes.NewReader(src), "", false, syntax.LangBash)
	if err != nil {
		return nil
	}
	return f
}
