package dryrun

import (
	"maps"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// declare -A NAME=([kl-ref]=… [serve]=…): the keys of an associative
// array written out in its compound assignment.
//
// The parser reads an element's [KEY] as arithmetic, so a key such as
// kl-ref (or tp.8, a:b) is a *syntax.BinaryArithm, not a word; bash takes
// the key's text as it is. interp's associative assignment asserted a word
// and panicked, and the dry run stopped with an internal error ("could not
// be evaluated") on a script bash runs fine. Eval runs a copy (rewrite) in
// which each such key is the word of its source text, when that text is
// plain (letters, digits and _ - . : + / @ %): anything that bash would
// expand stays, and is still an internal error, never a guess.

// assocKeyFixable reports whether d is a declare (local, typeset, …) with
// -A whose compound assignment has a key that is no word.
func assocKeyFixable(d *syntax.DeclClause) bool {
	if !declaresAssoc(d) {
		return false
	}
	for _, a := range d.Args {
		if a.Array == nil {
			continue
		}
		for _, e := range a.Array.Elems {
			if _, ok := e.Index.(*syntax.Word); e.Index != nil && !ok {
				return true
			}
		}
	}
	return false
}

// assocDeclaredApart reports whether d is a declare -A of a name without a
// value (declare -A T), whose compound assignment comes later (T=(…)):
// rewriteAssocKeys has that to make associative for interp.
func assocDeclaredApart(d *syntax.DeclClause) bool {
	if !declaresAssoc(d) {
		return false
	}
	for _, a := range d.Args {
		if a.Name != nil && a.Array == nil && a.Value == nil {
			return true
		}
	}
	return false
}

// declaresAssoc reports whether one of d's options holds A (-A, -gA, -rA).
func declaresAssoc(d *syntax.DeclClause) bool {
	for _, a := range d.Args {
		if !a.Naked || a.Value == nil {
			continue
		}
		v := a.Value.Lit()
		if len(v) > 1 && v[0] == '-' && strings.ContainsRune(v[1:], 'A') {
			return true
		}
	}
	return false
}

// assocNames returns the names f declares associative (declare -A NAME,
// local -A NAME=(…)) anywhere.
func assocNames(f *syntax.File) map[string]bool {
	return declaredNames(f, declaresAssoc, true)
}

// declaredNames returns the names the declarations under root that want
// takes declare (nil when none); in function bodies too when inFuncs.
func declaredNames(root syntax.Node, want func(*syntax.DeclClause) bool, inFuncs bool) map[string]bool {
	var out map[string]bool
	shwalk.Walk(root, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.FuncDecl:
			return inFuncs
		case *syntax.DeclClause:
			if !want(x) {
				return true
			}
			for _, a := range x.Args {
				if a.Name != nil {
					if out == nil {
						out = map[string]bool{}
					}
					out[a.Name.Value] = true
				}
			}
		}
		return true
	})
	return out
}

// assocRead reports whether pe reads (or assigns by ${NAME[KEY]:=…}) an
// element of an associative array of names by a key that is no word:
// ${LEN[kl-ref]}, which interp asserts a word of as the declaration's.
func assocRead(pe *syntax.ParamExp, names map[string]bool) bool {
	if pe.Param == nil || !names[pe.Param.Value] || pe.Index == nil {
		return false
	}
	_, ok := pe.Index.(*syntax.Word)
	return !ok
}

// assocElemAssign reports whether a assigns one element of an associative
// array of names by a key that is no word: opt[max-num-seqs]=8, which
// interp's setVarWithIndex drops without a word (bash stores it under the
// key's text).
func assocElemAssign(a *syntax.Assign, names map[string]bool) bool {
	if a.Name == nil || !names[a.Name.Value] || a.Index == nil {
		return false
	}
	_, ok := a.Index.(*syntax.Word)
	return !ok
}

// assocElemSet reports whether a assigns one element of an associative
// array of names (opt[seqs]=8). interp stores the element but leaves the
// array as it found it, unset after a bare declare -A opt, so that under
// set -u a later ${opt[seqs]} stopped the dry run with "opt: unbound
// variable" where bash reads 8.
func assocElemSet(a *syntax.Assign, names map[string]bool) bool {
	return a.Name != nil && names[a.Name.Value] && a.Index != nil && !a.Append && a.Array == nil
}

// assocRewritable reports whether rewriteAssocKeys has a key to rewrite
// in f: a compound assignment's (assocKeyFixable) or a read's (assocRead).
func assocRewritable(f *syntax.File) bool {
	names := assocNames(f)
	if names == nil {
		return false
	}
	found := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.DeclClause:
			found = found || assocKeyFixable(x) || assocDeclaredApart(x)
		case *syntax.ParamExp:
			found = found || assocRead(x, names)
		case *syntax.CallExpr:
			for _, a := range x.Assigns {
				found = found || assocElemAssign(a, names) || len(x.Args) == 0 && assocElemSet(a, names)
			}
		}
		return !found
	})
	return found || hasQuotedKeys(f, names)
}

// rewriteAssocKeys makes each non-word key of an associative array's
// compound assignment in f, and of a read or a one-element assignment of
// an array f declares associative (${LEN[kl-ref]}, LEN[kl-ref]=16), the
// word of its text in src (the bytes f was parsed from). The compound
// assignment is the declaration's own (declare -A T=([kl-ref]=…)) or a
// later one of a name declared -A before it (declare -A T; T=([kl-ref]=…)):
// bash keeps T associative, and its keys text. A read or an element's
// assignment counts for a name declared -A anywhere: bash reads [kl-ref]
// of an indexed array as arithmetic, which stays.
func rewriteAssocKeys(f *syntax.File, src []byte) {
	key := func(x syntax.ArithmExpr) *syntax.Word {
		st, en := int(x.Pos().Offset()), int(x.End().Offset())
		if st < 0 || en > len(src) || st >= en {
			return nil
		}
		if k := string(src[st:en]); plainKey(k) {
			return litWordAt(k, x.Pos())
		}
		return nil
	}
	fix := func(arr *syntax.ArrayExpr) {
		if arr == nil {
			return
		}
		for _, e := range arr.Elems {
			if _, ok := e.Index.(*syntax.Word); e.Index == nil || ok {
				continue
			}
			if w := key(e.Index); w != nil {
				e.Index = w
			}
		}
	}
	names := assocNames(f)
	if names == nil {
		return
	}
	// A function's declare -A (local unless -g) counts in the function
	// alone for its compound assignments; one at the top level in what
	// follows it.
	var visit func(root syntax.Node, assoc map[string]bool)
	visit = func(root syntax.Node, assoc map[string]bool) {
		shwalk.Walk(root, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.ParamExp:
				if assocRead(n, names) {
					if w := key(n.Index); w != nil {
						n.Index = w
					}
				}
			case *syntax.FuncDecl:
				if n != root {
					visit(n, maps.Clone(assoc))
					return false
				}
			case *syntax.DeclClause:
				if !declaresAssoc(n) {
					return true
				}
				for _, a := range n.Args {
					if a.Name != nil {
						assoc[a.Name.Value] = true
					}
				}
				if assocKeyFixable(n) {
					for _, a := range n.Args {
						fix(a.Array)
					}
				}
			case *syntax.CallExpr:
				if len(n.Args) == 0 {
					n.Assigns = setBeforeElems(n.Assigns, names)
				}
				for _, a := range n.Assigns {
					if assocElemAssign(a, names) {
						if w := key(a.Index); w != nil {
							a.Index = w
						}
					}
					if a.Name != nil && a.Index == nil && !a.Append && a.Array != nil && assoc[a.Name.Value] {
						fix(a.Array)
						quoteFirstKey(a.Array)
					}
				}
			}
			return true
		})
	}
	visit(f, map[string]bool{})
	sortAssocKeys(f, names)
}

// setBeforeElems puts NAME+=() before each assignment of one element of an
// associative array of names in a command of assignments alone (opt[seqs]=8
// becomes opt+=() opt[seqs]=8): bash's element assignment makes the array
// set, interp's does not (assocElemSet), and NAME+=() is what does in
// interp, adding nothing and keeping the array's kind and elements.
func setBeforeElems(as []*syntax.Assign, names map[string]bool) []*syntax.Assign {
	var out []*syntax.Assign
	for i, a := range as {
		if !assocElemSet(a, names) {
			if out != nil {
				out = append(out, a)
			}
			continue
		}
		if out == nil {
			out = append(make([]*syntax.Assign, 0, len(as)+1), as[:i]...)
		}
		name := &syntax.Lit{ValuePos: a.Name.ValuePos, ValueEnd: a.Name.ValueEnd, Value: a.Name.Value}
		out = append(out, &syntax.Assign{Append: true, Name: name, Array: &syntax.ArrayExpr{Lparen: a.Pos(), Rparen: a.Pos()}}, a)
	}
	if out == nil {
		return as
	}
	return out
}

// quoteFirstKey makes the first key of a compound assignment a quoted word
// ([serve]= becomes ['serve']=) when every key is a word and the first
// plain text: interp takes a plain T=(…) for an associative array only when
// its first key is quoted, whatever a declare -A before it said, and made
// declare -A T; T=([serve]=1 [kl]=2) an indexed array whose keys, read as
// arithmetic, are all 0 (every mode read the last entry).
func quoteFirstKey(arr *syntax.ArrayExpr) {
	if len(arr.Elems) == 0 {
		return
	}
	for _, e := range arr.Elems {
		if _, ok := e.Index.(*syntax.Word); !ok {
			return
		}
	}
	w := arr.Elems[0].Index.(*syntax.Word)
	if len(w.Parts) != 1 {
		return
	}
	if l, ok := w.Parts[0].(*syntax.Lit); ok && plainKey(l.Value) {
		arr.Elems[0].Index = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Left: l.ValuePos, Right: l.ValuePos, Value: l.Value}}}
	}
}

// plainKey reports whether key is text bash takes as it is in [KEY]=.
func plainKey(key string) bool {
	return key != "" && strings.Trim(key, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.:+/@%") == ""
}
