package dryrun

import (
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
// parsed from); it reports whether it changed any.
func rewriteAssocKeys(f *syntax.File, src []byte) bool {
	changed := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		d, ok := n.(*syntax.DeclClause)
		if !ok || !assocKeyFixable(d) {
			return true
		}
		for _, a := range d.Args {
			if a.Array == nil {
				continue
			}
			for _, e := range a.Array.Elems {
				if _, ok := e.Index.(*syntax.Word); e.Index == nil || ok {
					continue
				}
				st, en := int(e.Index.Pos().Offset()), int(e.Index.End().Offset())
				if st < 0 || en > len(src) || st >= en {
					continue
				}
				if key := string(src[st:en]); plainKey(key) {
					e.Index = litWordAt(key, e.Index.Pos())
					changed = true
				}
			}
		}
		return true
	})
	return changed
}

// plainKey reports whether key is text bash takes as it is in [KEY]=.
func plainKey(key string) bool {
	return key != "" && strings.Trim(key, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.:+/@%") == ""
}
