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

// rewriteAssocKeys makes each non-word key of an associative array's
// compound assignment in f the word of its text in src (the bytes f was
// parsed from). The compound assignment
// is the declaration's own (declare -A T=([kl-ref]=…)) or a later one of a
// name declared -A before it (declare -A T; T=([kl-ref]=…), T+=(…)): bash
// keeps T associative, and its keys text.
func rewriteAssocKeys(f *syntax.File, src []byte) {
	fix := func(arr *syntax.ArrayExpr) {
		if arr == nil {
			return
		}
		for _, e := range arr.Elems {
			if _, ok := e.Index.(*syntax.Word); e.Index == nil || ok {
				continue
			}
			st, en := int(e.Index.Pos().Offset()), int(e.Index.End().Offset())
			if st < 0 || en > len(src) || st >= en {
				continue
			}
			if key := string(src[st:en]); plainKey(key) {
				e.Index = litWordAt(key, e.Index.Pos())
			}
		}
	}
	// A function's declare -A (local unless -g) counts in the function
	// alone; one at the top level in what follows it.
	var visit func(root syntax.Node, assoc map[string]bool)
	visit = func(root syntax.Node, assoc map[string]bool) {
		shwalk.Walk(root, func(n syntax.Node) bool {
			switch n := n.(type) {
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
				for _, a := range n.Assigns {
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
