package rules

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// evalDyn stands for a part of an eval's text that is not known statically
// (an expansion, a command substitution): a name no script writes.
const evalDyn = "SERVELINT_EVAL_DYN_"

// evalTextReads returns the names the texts of calls (eval commands, the
// model's Script.EvalCalls) expand, and dynamic=true when one expands a
// name built from a part not known statically: eval "v=\${$k:-}", eval
// "echo \$$k" (indirection by eval, which may read any variable). Each
// eval's text is its words' literal values joined by spaces, every part
// not known statically replaced by evalDyn, parsed as shell. A part not
// known statically that is the whole command (eval "$(grep -v '^#'
// srv.env)", a loader; eval "$cmd") reads nothing this can see, as
// before. A text that does not parse says nothing.
func evalTextReads(calls []*syntax.CallExpr) (names map[string]bool, dynamic bool) {
	for _, c := range calls {
		if len(c.Args) < 2 {
			continue
		}
		var parts []string
		known := true
		for _, w := range c.Args[1:] {
			v, ok := parser.LitValue(&syntax.Word{Parts: dynParts(w.Parts)})
			if !ok {
				known = false
				break
			}
			parts = append(parts, v)
		}
		if !known {
			continue
		}
		text, err := parser.ParseShell(strings.NewReader(strings.Join(parts, " ")), "", false, syntax.LangBash)
		if err != nil {
			continue
		}
		shwalk.Walk(text, func(m syntax.Node) bool {
			pe, ok := m.(*syntax.ParamExp)
			if !ok || pe.Param == nil {
				return true
			}
			if strings.Contains(pe.Param.Value, evalDyn) {
				dynamic = true
				return true
			}
			if names == nil {
				names = map[string]bool{}
			}
			names[pe.Param.Value] = true
			return true
		})
	}
	return names, dynamic
}

// dynParts is parts with every part not known statically (outside single
// quotes) replaced by the literal evalDyn.
func dynParts(parts []syntax.WordPart) []syntax.WordPart {
	out := make([]syntax.WordPart, 0, len(parts))
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
			out = append(out, p)
		case *syntax.DblQuoted:
			out = append(out, &syntax.DblQuoted{Dollar: p.Dollar, Parts: dynParts(p.Parts)})
		default:
			out = append(out, &syntax.Lit{Value: evalDyn})
		}
	}
	return out
}
