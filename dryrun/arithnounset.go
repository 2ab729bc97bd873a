package dryrun

import (
	"bytes"
	"slices"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// Arithmetic reads under set -u.
//
// bash stops at an arithmetic read of an unset variable under set -u
// ("X: unbound variable"): $((8000+X)), (( X > 1 )), for (( i = 0; i < X;
// i++ )), let p=X+1, MAX_NUM_SEQS=$((A)) in an env file sourced with set
// -a. interp's arithmetic ignores nounset and reads 0, so the mode booted
// with a number bash never reaches (--port 8000, --max-num-seqs 0). Eval
// runs a copy in which each bare name the arithmetic reads, X, is the
// word ${X:0:0}X: the empty slice is interp's own nounset check (it stops
// the run as $X does, and is "" when X is set), and the word's value is
// the name X, read as before. Without set -u nothing changes, so a sourced
// file (which cannot tell whether its caller set -u) is edited whenever it
// holds arithmetic. Not rewritten: a name assigned ((X = 1), X++, X += 1,
// which interp needs as a bare name), a variable the caller supplies
// (whose placeholder callerArithm gives), a variable bash always sets
// (SECONDS: bashDynamic), an element a[i], a subscript or a slice's offset.

// arithNounset reports whether src may read a variable arithmetically under
// set -u (mayHoldArith, maySetNounset), once per Prepared: Eval runs the
// rewritten copy of such a script (and edits a sourced file that holds
// arithmetic).
func (p *Prepared) arithNounset(src []byte) bool {
	p.arithOnce.Do(func() { p.arith = mayHoldArith(src) && maySetNounset(src) })
	return p.arith
}

// arithNameReads returns the words of n's arithmetic that are bare names
// read (not assigned), but callers'.
func arithNameReads(n syntax.Node, callers []string) []*syntax.Word {
	return arithNames(n, func(name string) bool { return !slices.Contains(callers, name) && !bashDynamic(name) })
}

// arithNames returns the words of n's arithmetic that are bare names read
// (not assigned) for which keep is true.
func arithNames(n syntax.Node, keep func(name string) bool) []*syntax.Word {
	var out []*syntax.Word
	var expr func(x syntax.ArithmExpr)
	expr = func(x syntax.ArithmExpr) {
		switch x := x.(type) {
		case *syntax.Word:
			if len(x.Parts) != 1 {
				return
			}
			if lit, ok := x.Parts[0].(*syntax.Lit); ok && syntax.ValidName(lit.Value) && keep(lit.Value) {
				out = append(out, x)
			}
		case *syntax.ParenArithm:
			expr(x.X)
		case *syntax.UnaryArithm:
			if x.Op != syntax.Inc && x.Op != syntax.Dec {
				expr(x.X)
			}
		case *syntax.BinaryArithm:
			switch x.Op {
			case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
				syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
			default:
				expr(x.X)
			}
			expr(x.Y)
		}
	}
	shwalk.Walk(n, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.ArithmExp:
			expr(x.X)
		case *syntax.ArithmCmd:
			expr(x.X)
		case *syntax.CStyleLoop:
			for _, e := range []syntax.ArithmExpr{x.Init, x.Cond, x.Post} {
				if e != nil {
					expr(e)
				}
			}
		case *syntax.LetClause:
			for _, e := range x.Exprs {
				expr(e)
			}
		}
		return true
	})
	return out
}

// bashDynamic reports whether bash itself always sets name: SECONDS (a
// health wait's deadline=$((SECONDS + 600)) under set -u), EPOCHSECONDS,
// EPOCHREALTIME (the sandbox gives these its fixed clock: env.go), BASHPID,
// PPID (the sandbox's: pids.go), HISTCMD (which it leaves unset, read as 0). A read of one is no unbound
// read in bash, so it gets no ${X:0:0} check, which would stop the run.
func bashDynamic(name string) bool {
	switch name {
	case "SECONDS", "EPOCHSECONDS", "EPOCHREALTIME", "BASHPID", "PPID", "HISTCMD":
		return true
	}
	return false
}

// nounsetCheck is ${NAME:0:0} at pos.
func nounsetCheck(name string, pos syntax.Pos) *syntax.ParamExp {
	zero := func() *syntax.Word {
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: "0"}}}
	}
	return &syntax.ParamExp{Dollar: pos, Rbrace: pos, Param: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: name},
		Slice: &syntax.Slice{Offset: zero(), Length: zero()}}
}

// rewriteArithNounset makes the copy described above in a script that
// turns nounset on somewhere; it reports whether it changed f.
func rewriteArithNounset(f *syntax.File, callers []string) bool {
	on := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		if ce, ok := n.(*syntax.CallExpr); ok && parser.SetsNounset(ce) {
			on = true
		}
		return !on
	})
	if !on {
		return false
	}
	words := arithNameReads(f, callers)
	for _, w := range words {
		lit := w.Parts[0].(*syntax.Lit)
		w.Parts = []syntax.WordPart{nounsetCheck(lit.Value, lit.ValuePos), lit}
	}
	return len(words) > 0
}

// arithNounsetEdits are the edits of a sourced file's text data, parsed as
// f, that make each of its arithmetic's name reads ${X:0:0}X.
func arithNounsetEdits(f *syntax.File, data []byte, callers []string) []textEdit {
	if !mayHoldArith(data) {
		return nil
	}
	var edits []textEdit
	for _, w := range arithNameReads(f, callers) {
		off := int(w.Pos().Offset())
		if off < 0 || off > len(data) || !bytes.HasPrefix(data[off:], []byte(w.Lit())) {
			continue // not where the text says (a continued line)
		}
		edits = append(edits, textEdit{off, off, "${" + w.Lit() + ":0:0}"})
	}
	return edits
}

// restoreArithNounset makes each word of n rewriteArithNounset changed
// the name the script wrote, for printing n; the returned func undoes it.
func restoreArithNounset(n syntax.Node) func() {
	type saved struct {
		w   *syntax.Word
		old []syntax.WordPart
	}
	var undo []saved
	shwalk.Walk(n, func(n syntax.Node) bool {
		if w, ok := n.(*syntax.Word); ok && isNounsetChecked(w) {
			undo = append(undo, saved{w, w.Parts})
			w.Parts = w.Parts[1:]
		}
		return true
	})
	return func() {
		for _, u := range undo {
			u.w.Parts = u.old
		}
	}
}

// isNounsetChecked reports whether w is ${X:0:0}X as rewriteArithNounset
// makes it (the check where the name starts).
func isNounsetChecked(w *syntax.Word) bool {
	if len(w.Parts) != 2 {
		return false
	}
	pe, ok := w.Parts[0].(*syntax.ParamExp)
	lit, ok2 := w.Parts[1].(*syntax.Lit)
	return ok && ok2 && pe.Slice != nil && pe.Param != nil && pe.Param.Value == lit.Value && pe.Dollar == lit.ValuePos && pe.Rbrace == lit.ValuePos
}
