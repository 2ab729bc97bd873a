package dryrun

import (
	"bytes"
	"fmt"
	"hash/fnv"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/syntax"
)

// ownBashSource gives a sourced file its own BASH_SOURCE[0]. bash sets it
// to the sourced file while the file runs, and keeps it for the functions
// the file defines; interp has no such stack, and the sandbox's BASH_SOURCE
// names the main script, so a library in lib/ resolving its siblings with
// $(dirname "${BASH_SOURCE[0]}") (. "$LIB_DIR/../serve.env") looked one
// directory off and the mode could not be evaluated. Every read of the
// file's first element, $BASH_SOURCE, ${BASH_SOURCE} or ${BASH_SOURCE[0]}
// (with any operator: ${BASH_SOURCE[0]%/*}), in the file and the
// functions it defines, reads instead a variable of the file's own, set to
// its path at the start of its first line (no line moves). Other elements
// and the array as a whole stay the sandbox's. data itself when the file
// does not mention BASH_SOURCE or does not parse.
func ownBashSource(data []byte, abs string) []byte {
	if !bytes.Contains(data, []byte("BASH_SOURCE")) {
		return data
	}
	name := "__servelint_source_" + fileTag(abs)
	q, err := syntax.Quote(abs, syntax.LangBash)
	if err != nil {
		return data
	}
	return editText(data, func(f *syntax.File) []textEdit {
		var edits []textEdit
		shwalk.Walk(f, func(n syntax.Node) bool {
			pe, ok := n.(*syntax.ParamExp)
			if !ok || pe.Param == nil || pe.Param.Value != "BASH_SOURCE" || pe.Excl || pe.Length || pe.Width {
				return true
			}
			start, end := int(pe.Param.Pos().Offset()), int(pe.Param.End().Offset())
			if pe.Index != nil {
				// ${BASH_SOURCE[0]…}: the index must be the literal 0, and
				// the edit runs through its closing bracket.
				w, ok := pe.Index.(*syntax.Word)
				if !ok || w.Lit() != "0" {
					return true
				}
				close := int(w.End().Offset())
				if close >= len(data) || data[close] != ']' {
					return true
				}
				end = close + 1
			}
			edits = append(edits, textEdit{start, end, name})
			return true
		})
		if len(edits) == 0 {
			return nil
		}
		return append([]textEdit{{0, 0, name + "=" + q + "; "}}, edits...)
	})
}

// fileTag names a sourced file in the variables its rewrites add (its
// path's FNV-64a hash): two files' names never meet.
func fileTag(abs string) string {
	h := fnv.New64a()
	_, _ = h.Write([]byte(abs))
	return fmt.Sprintf("%x", h.Sum64())
}
