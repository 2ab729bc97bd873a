package rules

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/parser"
)

// TestHiddenIndexAgrees: the index hiddenReads builds once per script
// answers, for every name every test script (and the snippets below)
// assigns or reads, what walking the script for that one name answered,
// or is more cautious (never sure where the walk was not).
func TestHiddenIndexAgrees(t *testing.T) {
	srcs := map[string][]byte{}
	for i, snip := range []string{
		"x=$((A*2)); y=$x; echo $(( y + 1 ))",
		"let \"k = x + 2\"; declare -i d=y; [[ z -gt 4 ]]; (( w++ )); v+=1",
		"ref=x; echo ${!ref}; echo ${!pre*}; declare -p q; export e1; declare -x e2=1",
		"declare -n r=x",
		"set",
		"eval 'echo $x $((y+1))'; trap 'echo $t' EXIT",
		"eval \"$cmd\"",
		"[[ -v arr[1] ]]; test -v tv; [ -v bv ]; test; [",
		"for ((i=0; i<n; i++)); do :; done; echo ${a[j]} ${s:off:len}",
		"let \"bad = (x\"",
		"eval 'eval \"eval x=1\"'",
	} {
		srcs[filepath.Join("snip", string(rune('a'+i))+".sh")] = []byte(snip + "\n")
	}
	files, _ := filepath.Glob("../testdata/src/*/*.sh")
	ex, _ := filepath.Glob("../examples/*/*/*.sh")
	for _, f := range append(files, ex...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[f] = b
	}
	n := 0
	for path, src := range srcs {
		s := parser.ParseScript(path, src)
		if s.File == nil {
			continue
		}
		s.Analyze(parser.RoleMatcher{})
		names := map[string]bool{}
		syntax.Walk(s.File, func(x syntax.Node) bool {
			switch x := x.(type) {
			case *syntax.Lit:
				if syntax.ValidName(x.Value) {
					names[x.Value] = true
				}
			case *syntax.ParamExp:
				if x.Param != nil {
					names[x.Param.Value] = true
				}
			}
			return true
		})
		ix := newHiddenIndex(s.File, 0)
		for name := range names {
			n++
			wantArith, wantSure := refHiddenReads(s, name)
			sure := !s.Declared[name] && !ix.mayRead(name)
			if sure && !wantSure {
				t.Errorf("%s: %s: the index is sure, the walk was not", path, name)
				continue
			}
			if !sure || !wantSure {
				continue
			}
			var arith []parser.Range
			for _, l := range ix.arith[name] {
				arith = append(arith, parser.Range{Start: s.Off(l.Pos()), End: s.Off(l.End())})
			}
			if !slices.Equal(arith, wantArith) {
				t.Errorf("%s: %s: arithmetic reads %v, the walk found %v", path, name, arith, wantArith)
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d names compared", n)
	}
	_ = strings.Contains
}

// refHiddenReads is the per-name answer hiddenReads gave before its
// index (walked once per name): the oracle of TestHiddenIndexAgrees.
func refHiddenReads(s *parser.Script, name string) (arith []parser.Range, sure bool) {
	if s.File == nil || s.Declared[name] {
		return nil, false
	}
	refs := scanName(s.File, name, false)
	if refs.unsure || len(refs.texts) > 0 {
		return nil, false
	}
	for _, l := range refs.arith {
		arith = append(arith, parser.Range{Start: s.Off(l.Pos()), End: s.Off(l.End())})
	}
	if refReadsByName(s.File, name, 0) {
		return nil, false
	}
	return arith, true
}

// refReadsByName reports whether a tree may read name other than by $name or
// arithmetic (hiddenReads); the text of eval and trap is parsed and read
// too (its $name counts there), depth bounding evals inside evals.
func refReadsByName(root syntax.Node, name string, depth int) bool {
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
		if len(r.params) > 0 || len(r.arith) > 0 || r.unsure || len(r.texts) > 0 || refReadsByName(f, name, depth+1) {
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
			found = found || refDeclReads(n, name)
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet || n.Op == syntax.TsRefVar {
				if w, ok := n.X.(*syntax.Word); ok && refVarWord(w, name) {
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
				if len(n.Args) < 3 {
					break
				}
				for i, a := range n.Args[1 : len(n.Args)-1] {
					if v, _ := parser.LitValue(a); v == "-v" && refVarWord(n.Args[i+2], name) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// refDeclReads reports whether a declaration reads name by name or hands it
// on: declare -p [name], export name=…, declare -x, a nameref (declare -n
// r=x may read any variable).
func refDeclReads(d *syntax.DeclClause, name string) bool {
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

// refVarWord reports whether a word names the variable (x, or x[i]).
func refVarWord(w *syntax.Word, name string) bool {
	v, ok := parser.LitValue(w)
	return ok && (v == name || strings.HasPrefix(v, name+"["))
}
