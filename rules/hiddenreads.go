package rules

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// hiddenReads returns where a script reads variable name by its bare name
// in arithmetic ($(( x * 4 )), (( x > 8 ))), which ParamUses does not hold,
// and sure=false when it may read it where no expansion shows: a read in
// arithmetic text (let "k = x + 2"), by indirection (${!ref}, a nameref,
// ${!x*}), by name (declare -p x, [[ -v x ]], a variable dump), an export
// (child processes read it), the text of an eval or a trap, or a sourced
// shell library. A fix deletes an assignment only when sure.
//
// It is asked for every link of every chain a fix deletes: the script is
// walked once, into a hiddenIndex of every name (pprof: walked per name,
// it was a third of a 2,000-line script's re-lint in the language server).
func (c *Context) hiddenReads(s *parser.Script, name string) (arith []parser.Range, sure bool) {
	if s.File == nil || sourcesCode(c.Unit, s) || s.Declared[name] {
		return nil, false
	}
	v, ok := c.hidden.Load(s)
	if !ok {
		v, _ = c.hidden.LoadOrStore(s, newHiddenIndex(s.File, 0))
	}
	ix := v.(*hiddenIndex)
	if ix.mayRead(name) {
		return nil, false
	}
	for _, l := range ix.arith[name] {
		arith = append(arith, parser.Range{Start: s.Off(l.Pos()), End: s.Off(l.End())})
	}
	return arith, true
}

// maxEvalDepth bounds evals inside evals (eval 'eval "…"').
const maxEvalDepth = 4

// hiddenIndex is what a tree says about every variable's reads that are
// not expansions: their bare names in arithmetic, and which names it may
// read by other means.
type hiddenIndex struct {
	// arith are the bare names in arithmetic, by name.
	arith map[string][]*syntax.Lit
	// named are the names read by name or in a way no rewrite follows:
	// assigned in arithmetic (x++), read in arithmetic text (let "k = x"),
	// expanded indirectly (${!x}), printed or exported (declare -p x,
	// export x), tested ([[ -v x ]]), or read anywhere in the text of an
	// eval or a trap.
	named map[string]bool
	// texts are arithmetic texts that do not parse: they may read any name
	// they contain.
	texts []string
	// prefixes are the x of ${!x*}: every name starting with it.
	prefixes []string
	// refs are the ref of ${!ref}: every name ref may hold (holds, anyName).
	refs    []string
	holds   map[string][]string
	anyName map[string]bool
	// all: every name may be read (a nameref, `set` or `declare -p` alone,
	// compgen, an eval or trap of text not known or not parsed).
	all bool
}

// mayRead reports whether the tree may read name other than by an
// expansion or a bare name in arithmetic.
func (ix *hiddenIndex) mayRead(name string) bool {
	if ix.all || ix.named[name] {
		return true
	}
	for _, t := range ix.texts {
		if strings.Contains(t, name) {
			return true
		}
	}
	for _, p := range ix.prefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	for _, ref := range ix.refs {
		held, set := ix.holds[ref]
		if ix.anyName[ref] || !set || slices.Contains(held, name) {
			return true
		}
	}
	return false
}

// newHiddenIndex walks root once; depth counts the evals around it.
func newHiddenIndex(root syntax.Node, depth int) *hiddenIndex {
	ix := &hiddenIndex{arith: map[string][]*syntax.Lit{}, named: map[string]bool{},
		holds: map[string][]string{}, anyName: map[string]bool{}}
	aw := &arithWalk{
		bare:     func(lit *syntax.Lit) { ix.arith[lit.Value] = append(ix.arith[lit.Value], lit) },
		assigned: ix.name,
		text:     ix.arithText,
	}
	aw.node = func(n syntax.Node) {
		switch n := n.(type) {
		case *syntax.DeclClause:
			ix.decl(n)
		case *syntax.ParamExp:
			if n.Param != nil && (n.Excl || n.Names != 0) {
				ix.name(n.Param.Value) // ${!x}, ${!x*}: x itself is read
				switch {
				case n.Names != 0: // ${!x*}: the names starting with x
					ix.prefixes = append(ix.prefixes, n.Param.Value)
				case n.Index == nil: // ${!ref}: the variable ref names
					ix.refs = append(ix.refs, n.Param.Value)
				}
			}
		case *syntax.Assign:
			if n.Name != nil {
				v, lit := "", n.Value == nil
				if n.Value != nil {
					v, lit = parser.LitValue(n.Value)
				}
				if !lit || n.Array != nil || n.Index != nil || n.Append {
					ix.anyName[n.Name.Value] = true
				}
				ix.holds[n.Name.Value] = append(ix.holds[n.Name.Value], v)
			}
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet || n.Op == syntax.TsRefVar {
				if w, ok := n.X.(*syntax.Word); ok {
					ix.varName(w)
				}
			}
		case *syntax.CallExpr:
			ix.call(n, depth)
		}
	}
	aw.walk(root)
	return ix
}

// name marks one name read by name ("" for none).
func (ix *hiddenIndex) name(n string) {
	if n != "" {
		ix.named[n] = true
	}
}

// varName marks the variable a word names (x, or x[i]).
func (ix *hiddenIndex) varName(w *syntax.Word) {
	v, ok := parser.LitValue(w)
	if !ok {
		return
	}
	if i := strings.IndexByte(v, '['); i >= 0 {
		v = v[:i]
	}
	ix.name(v)
}

// arithText marks the names a word whose text bash evaluates as arithmetic
// reads; one that does not parse may read any name it contains.
func (ix *hiddenIndex) arithText(w *syntax.Word) {
	v, ok := parser.LitValue(w)
	if !ok || v == "" {
		return
	}
	x, err := syntax.NewParser().Arithmetic(strings.NewReader(v))
	if err != nil {
		ix.texts = append(ix.texts, v)
		return
	}
	shwalk.Walk(x, func(n syntax.Node) bool {
		if w, ok := n.(*syntax.Word); ok {
			ix.name(w.Lit())
		}
		return true
	})
}

// decl marks what a declaration reads by name or hands on: declare -p
// NAME, export NAME=…, declare -x; a nameref (declare -n r=x) or declare
// -p alone may read any variable.
func (ix *hiddenIndex) decl(d *syntax.DeclClause) {
	export := d.Variant.Value == "export"
	print, names := false, 0
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			v, _ := parser.LitValue(a.Value)
			if strings.HasPrefix(v, "-") {
				export = export || strings.Contains(v, "x")
				print = print || strings.Contains(v, "p")
				if strings.Contains(v, "n") {
					ix.all = true
					return
				}
				continue
			}
		}
		if a.Name != nil {
			names++
		}
	}
	if print && names == 0 {
		ix.all = true // declare -p: every variable
		return
	}
	if !print && !export {
		return
	}
	for _, a := range d.Args {
		if a.Name != nil {
			ix.name(a.Name.Value)
		}
	}
}

// call marks what a command reads by name: test -v NAME, a variable dump
// (set, compgen), and every name the text of an eval or a trap reads.
func (ix *hiddenIndex) call(n *syntax.CallExpr, depth int) {
	if len(n.Args) == 0 {
		return
	}
	cmd, _ := parser.LitValue(n.Args[0])
	switch cmd {
	case "eval":
		ix.text(n.Args[1:], depth)
	case "trap":
		if len(n.Args) > 1 {
			ix.text(n.Args[1:2], depth)
		}
	case "set":
		if len(n.Args) == 1 {
			ix.all = true // every variable, printed
		}
	case "compgen":
		ix.all = true
	case "test", "[":
		if len(n.Args) < 3 {
			return
		}
		for i, a := range n.Args[1 : len(n.Args)-1] {
			if v, _ := parser.LitValue(a); v == "-v" {
				ix.varName(n.Args[i+2])
			}
		}
	}
}

// text marks every name the shell code of an eval or a trap reads; code
// not known statically, or that does not parse, may read any.
func (ix *hiddenIndex) text(words []*syntax.Word, depth int) {
	var parts []string
	for _, w := range words {
		v, ok := parser.LitValue(w)
		if !ok {
			ix.all = true // eval "$cmd": any text
			return
		}
		parts = append(parts, v)
	}
	if depth >= maxEvalDepth {
		ix.all = true
		return
	}
	f, err := parser.ParseShell(strings.NewReader(strings.Join(parts, " ")), "", false, syntax.LangBash)
	if err != nil {
		ix.all = true
		return
	}
	sub := newHiddenIndex(f, depth+1)
	if sub.all || len(sub.texts) > 0 || len(sub.prefixes) > 0 || len(sub.refs) > 0 {
		ix.all = true
		return
	}
	for n := range sub.named {
		ix.name(n)
	}
	for n := range sub.arith {
		ix.name(n)
	}
	shwalk.Walk(f, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil {
			ix.name(pe.Param.Value) // its $name counts there
		}
		return true
	})
}
