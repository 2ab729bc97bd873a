package dryrun

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// "${!NAME[@]}", the keys of an associative array, quoted.
//
// interp lists them in Go's map order, which changes from one expansion to
// the next: `for k in "${!opt[@]}"; do argv+=("--$k" "${opt[$k]}"); done`
// gave each dry run of a mode its flags in another order, so that two modes
// with one map (serve and kl) were said to differ (servelint argv's byte
// diff) where bash, whose order depends on the keys alone, hands both the
// same argv. Eval runs a copy (rewrite) in which such a word, in a for
// loop's list or a simple command's words, reads an indexed array of the
// keys in sorted order that a few statements put before its statement fill
// (keysSorted): one order for one set of keys, as bash's is. The unquoted
// ${!NAME[@]} interp already sorts.

// keysVar is the indexed array the rewrite fills with NAME's sorted keys.
func keysVar(name string) string { return "__servelint_keys_" + name }

// quotedKeys returns the name of the associative array (of names) whose
// keys w lists quoted, "${!NAME[@]}", and whether it is one.
func quotedKeys(w *syntax.Word, names map[string]bool) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	dq, ok := w.Parts[0].(*syntax.DblQuoted)
	if !ok || len(dq.Parts) != 1 {
		return "", false
	}
	pe, ok := dq.Parts[0].(*syntax.ParamExp)
	if !ok || !pe.Excl || pe.Param == nil || !names[pe.Param.Value] || pe.Names != 0 || pe.Exp != nil || pe.Repl != nil || pe.Slice != nil || pe.Length {
		return "", false
	}
	idx, ok := pe.Index.(*syntax.Word)
	if !ok || idx.Lit() != "@" || !syntax.ValidName(pe.Param.Value) {
		return "", false
	}
	return pe.Param.Value, true
}

// keysWords returns the words of a statement's command that may list an
// associative array's keys: a for loop's list, a simple command's
// arguments and its array assignments' elements.
func keysWords(st *syntax.Stmt) []*syntax.Word {
	var out []*syntax.Word
	switch c := st.Cmd.(type) {
	case *syntax.ForClause:
		if wi, ok := c.Loop.(*syntax.WordIter); ok {
			out = append(out, wi.Items...)
		}
	case *syntax.CallExpr:
		out = append(out, c.Args...)
		for _, a := range c.Assigns {
			if a.Array != nil {
				for _, e := range a.Array.Elems {
					out = append(out, e.Value)
				}
			}
		}
	}
	return out
}

// hasQuotedKeys reports whether f lists the keys of an associative array
// of names quoted where sortAssocKeys rewrites them.
func hasQuotedKeys(f *syntax.File, names map[string]bool) bool {
	found := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok {
			for _, w := range keysWords(st) {
				if _, ok := quotedKeys(w, names); ok {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// sortAssocKeys rewrites each "${!NAME[@]}" of an associative array of
// names that keysWords finds into "${__servelint_keys_NAME[@]}", and puts
// before its statement the statements that fill that array with NAME's
// keys sorted (keysSorted): the statement becomes a group of them and
// itself.
func sortAssocKeys(f *syntax.File, names map[string]bool) {
	type target struct {
		st    *syntax.Stmt
		names []string
	}
	var targets []target
	shwalk.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		var got []string
		for _, w := range keysWords(st) {
			name, ok := quotedKeys(w, names)
			if !ok {
				continue
			}
			pe := w.Parts[0].(*syntax.DblQuoted).Parts[0].(*syntax.ParamExp)
			pe.Excl = false
			pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: keysVar(name)}
			got = append(got, name)
		}
		if got != nil {
			targets = append(targets, target{st, got})
		}
		return true
	})
	for _, t := range targets {
		var pre []*syntax.Stmt
		seen := map[string]bool{}
		for _, name := range t.names {
			if seen[name] {
				continue
			}
			seen[name] = true
			p, err := syntax.NewParser().Parse(strings.NewReader(keysSorted(name)), "")
			if err != nil {
				continue
			}
			pre = append(pre, p.Stmts...)
		}
		inner := &syntax.Stmt{Position: t.st.Position, Cmd: t.st.Cmd}
		t.st.Cmd = &syntax.Block{Lbrace: t.st.Position, Rbrace: t.st.Position, Stmts: append(pre, inner)}
	}
}

// keysSorted is the shell that fills keysVar(name) with the keys of the
// associative array name in sorted order (an insertion sort: the result
// does not depend on the order interp lists them in). It passes set -e and
// set -u, and reads no IFS.
func keysSorted(name string) string {
	k := keysVar(name)
	return k + `=(); __servelint_n=0
for __servelint_x in "${!` + name + `[@]}"; do
  __servelint_i=$__servelint_n
  while [ "$__servelint_i" -gt 0 ] && [[ ${` + k + `[__servelint_i-1]} > "$__servelint_x" ]]; do
    ` + k + `[__servelint_i]=${` + k + `[__servelint_i-1]}
    __servelint_i=$((__servelint_i-1))
  done
  ` + k + `[__servelint_i]=$__servelint_x
  __servelint_n=$((__servelint_n+1))
done
`
}
