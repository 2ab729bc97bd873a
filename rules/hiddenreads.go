package rules

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/parser"
)

// hiddenReads returns where a script reads variable name by its bare name
// in arithmetic ($(( x * 4 )), (( x > 8 ))), which ParamUses does not hold,
// and sure=false when it may read it where no expansion shows: a read in
// arithmetic text (let "k = x + 2"), by indirection (${!ref}, a nameref,
// ${!x*}), by name (declare -p x, [[ -v x ]], a variable dump), an export
// (child processes read it), the text of an eval or a trap, or a sourced
// shell library. A fix deletes an assignment only when sure.
func (c *Context) hiddenReads(s *parser.Script, name string) (arith []parser.Range, sure bool) {
	if s.File == nil || sourcesCode(c.Unit, s) || s.Declared[name] {
		return nil, false
	}
	refs := scanName(s.File, name, false)
	if refs.unsure || len(refs.texts) > 0 {
		return nil, false
	}
	for _, l := range refs.arith {
		arith = append(arith, parser.Range{Start: s.Off(l.Pos()), End: s.Off(l.End())})
	}
	if readsByName(s.File, name, 0) {
		return nil, false
	}
	return arith, true
}

// readsByName reports whether a tree may read name other than by $name or
// arithmetic (hiddenReads); the text of eval and trap is parsed and read
// too (its $name counts there), depth bounding evals inside evals.
func readsByName(root syntax.Node, name string, depth int) bool {
	// The names a variable may hold, for ${!ref}: known when each of its
	// assignments is a literal (name=a), any name otherwise.
	holds := map[string][]string{}
	anyName := map[string]bool{}
	syntax.Walk(root, func(n syntax.Node) bool {
		if a, ok := n.(*syntax.Assign); ok && a.Name != nil {
			v, lit := "", a.Value == nil
			if a.Value != nil {
				v, lit = parser.LitValue(a.Value)
			}
			if !lit || a.Array != nil || a.Index != nil || a.Append {
				anyName[a.Name.Value] = true
			}
			holds[a.Name.Value] = append(holds[a.Name.Value], v)
		}
		return true
	})
	found := false
	text := func(words []*syntax.Word) {
		var parts []string
		for _, w := range words {
			v, ok := parser.LitValue(w)
			if !ok {
				found = true // eval "$cmd": any text
				return
			}
			parts = append(parts, v)
		}
		if depth > 4 {
			found = true
			return
		}
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(strings.Join(parts, " ")), "")
		if err != nil {
			found = true
			return
		}
		r := scanName(f, name, false)
		if len(r.params) > 0 || len(r.arith) > 0 || r.unsure || len(r.texts) > 0 || readsByName(f, name, depth+1) {
			found = true
		}
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Excl && n.Param != nil {
				switch {
				case n.Names != 0: // ${!x*}: the names starting with x
					found = found || strings.HasPrefix(name, n.Param.Value)
				case n.Index == nil: // ${!ref}: the variable ref names
					ref := n.Param.Value
					_, set := holds[ref]
					found = found || anyName[ref] || !set || slices.Contains(holds[ref], name)
				}
			}
		case *syntax.DeclClause:
			found = found || declReads(n, name)
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet || n.Op == syntax.TsRefVar {
				if w, ok := n.X.(*syntax.Word); ok && varWord(w, name) {
					found = true
				}
			}
		case *syntax.CallExpr:
			if len(n.Args) == 0 {
				break
			}
			cmd, _ := parser.LitValue(n.Args[0])
			switch cmd {
			case "eval":
				text(n.Args[1:])
			case "trap":
				if len(n.Args) > 1 {
					text(n.Args[1:2])
				}
			case "set":
				found = found || len(n.Args) == 1 // every variable, printed
			case "compgen":
				found = true
			case "test", "[":
				for i, a := range n.Args[1 : len(n.Args)-1] {
					if v, _ := parser.LitValue(a); v == "-v" && varWord(n.Args[i+2], name) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// declReads reports whether a declaration reads name by name or hands it
// on: declare -p [name], export name=…, declare -x, a nameref (declare -n
// r=x may read any variable).
func declReads(d *syntax.DeclClause, name string) bool {
	export := d.Variant.Value == "export"
	print, names := false, 0
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			v, _ := parser.LitValue(a.Value)
			if strings.HasPrefix(v, "-") {
				export = export || strings.Contains(v, "x")
				print = print || strings.Contains(v, "p")
				if strings.Contains(v, "n") {
					return true
				}
				continue
			}
		}
		if a.Name != nil {
			names++
		}
	}
	if print && names == 0 {
		return true // declare -p: every variable
	}
	if !print && !export {
		return false
	}
	for _, a := range d.Args {
		if a.Name != nil && a.Name.Value == name {
			return true
		}
	}
	return false
}

// varWord reports whether a word names the variable (x, or x[i]).
func varWord(w *syntax.Word, name string) bool {
	v, ok := parser.LitValue(w)
	return ok && (v == name || strings.HasPrefix(v, name+"["))
}
