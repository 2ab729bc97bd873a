package dryrun

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// read -a NAME, mapfile NAME, readarray NAME of an empty input.
//
// interp leaves the array with a nil list when it reads no field (read -ra
// extra <<< "${EXTRA_ARGS:-}" with EXTRA_ARGS unset, mapfile of an empty
// file), and a quoted "${extra[@]}" of a nil list expands to one empty
// field where bash gives none: the argv gained an empty word the engine would
// never see (R27's differential run against bash). Eval runs a copy
// (rewrite) in which such a statement is
//
//	{ READ && { [[ -n ${NAME[@]+x} ]] && ((${#NAME[@]})) || NAME=(); } ||
//	  { [[ -n ${NAME[@]+x} ]] && ((${#NAME[@]})) || NAME=(); false; }; }
//
// (for mapfile and readarray, the first brace group starts by assigning the
// array to itself with nounset off: interp's mapfile leaves it unset, its
// lines kept, and under set -u "${NAME[@]}" stopped the run).
// NAME=() gives the array an empty, non-nil list; the statement's status
// is the read's (0, or 1 for any failure). Code a sourced file, eval or a
// trap runs is not rewritten.

// nounsetVar holds the shell's options ($-) while a mapfile's array is set.
const nounsetVar = "__servelint_opts"

// rewriteReadArrays rewrites each read -a / mapfile / readarray statement
// of f whose array has a literal name; it reports whether it changed any.
func rewriteReadArrays(f *syntax.File) bool {
	changed := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		ce, ok := st.Cmd.(*syntax.CallExpr)
		if !ok {
			return true
		}
		name, ok := parser.ReadArrayName(ce)
		if !ok {
			return true
		}
		set := ""
		if cmd, _ := parser.LitValue(ce.Args[0]); cmd == "mapfile" || cmd == "readarray" {
			// interp's mapfile leaves the array unset, its lines
			// kept: under set -u "${ARGS[@]}" stopped the run
			// ("ARGS: unbound variable"). Assigned to itself with
			// nounset off, it is set.
			set = fmt.Sprintf("%[2]s=$-; set +u; if ((${#%[1]s[@]})); then %[1]s=(\"${%[1]s[@]}\"); fi; [[ $%[2]s != *u* ]] || set -u; ", name, nounsetVar)
		}
		tmpl := fmt.Sprintf("{ :; } && { %[2]s[[ -n ${%[1]s[@]+x} ]] && ((${#%[1]s[@]})) || %[1]s=(); } || { [[ -n ${%[1]s[@]+x} ]] && ((${#%[1]s[@]})) || %[1]s=(); false; }", name, set)
		tf, err := syntax.NewParser().Parse(strings.NewReader(tmpl), "")
		if err != nil || len(tf.Stmts) != 1 {
			return true
		}
		or, ok := tf.Stmts[0].Cmd.(*syntax.BinaryCmd)
		if !ok {
			return true
		}
		and, ok := or.X.Cmd.(*syntax.BinaryCmd)
		if !ok {
			return true
		}
		// The read itself, with its redirections (<<< "$X", < file).
		and.X = &syntax.Stmt{Position: st.Pos(), Cmd: ce, Redirs: st.Redirs}
		st.Cmd = &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(), Stmts: []*syntax.Stmt{tf.Stmts[0]}}
		st.Redirs = nil
		changed = true
		return false
	})
	return changed
}
