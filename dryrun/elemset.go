package dryrun

import (
	"bytes"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// [[ -v NAME[KEY] ]], the test for an array element (`[[ -v
// EXTRA[$mode] ]] || die "unknown mode"`).
//
// interp answers false for any element, where bash tests whether the
// element is set, so the dry run used to refuse a mode that reached one
// (an info finding on a script bash runs fine). Eval runs a copy
// (rewrite) in which each is
//
//	[[ -n ${NAME[KEY]+x} ]]
//
// which bash answers the same for an indexed array (KEY arithmetic in
// both) and an associative one (KEY expanded in both), and which interp
// evaluates as bash does. Code a sourced file, eval or a trap runs is not
// rewritten, and is still refused (findForbidden).

// rewriteElementSetTests rewrites each element-set test of f whose
// operand is NAME[…] with a valid name; it reports whether it changed any.
func rewriteElementSetTests(f *syntax.File) bool {
	changed := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		t, ok := n.(*syntax.UnaryTest)
		if !ok || !parser.IsElementSetTest(t) {
			return true
		}
		if w := elementSetWord(t.X.(*syntax.Word)); w != nil {
			t.Op = syntax.TsNempStr
			t.X = w
			changed = true
		}
		return true
	})
	return changed
}

// elementSetWord is the word ${NAME[KEY]+x} for the operand NAME[KEY] of
// -v, parsed from the operand's text; nil when the operand is no NAME[…]
// or the result does not parse as one parameter expansion with an index.
func elementSetWord(op *syntax.Word) *syntax.Word {
	var buf bytes.Buffer
	if err := syntax.NewPrinter().Print(&buf, op); err != nil {
		return nil
	}
	text := buf.String()
	if len(op.Parts) == 1 {
		if _, dq := op.Parts[0].(*syntax.DblQuoted); dq && len(text) >= 2 {
			// "EXTRA[$mode]": bash expands the word, then tests the
			// element it names, as ${EXTRA[$mode]+x} expands the key.
			text = text[1 : len(text)-1]
		}
	}
	i := strings.IndexByte(text, '[')
	if i <= 0 || !strings.HasSuffix(text, "]") || !syntax.ValidName(text[:i]) {
		return nil
	}
	if k := text[i+1 : len(text)-1]; k == "@" || k == "*" {
		// -v a[@] is whether a has an element; interp expands ${a[@]+x}
		// to x for a declared empty array, where bash gives "": left to
		// findForbidden, which refuses it.
		return nil
	}
	// Parsed at the operand's line and column, so that what interp says
	// of it (an unset KEY variable under set -u) points where bash does.
	pos := op.Pos()
	pad := strings.Repeat("\n", int(pos.Line())-1) + strings.Repeat(" ", int(pos.Col())-1)
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(pad+"${"+text+"+x}\n"), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 1 || len(ce.Assigns) != 0 || len(ce.Args[0].Parts) != 1 {
		return nil
	}
	w := ce.Args[0]
	pe, ok := w.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Index == nil || pe.Exp == nil || pe.Exp.Op != syntax.AlternateUnset || pe.Param.Value != text[:i] {
		return nil
	}
	return w
}
