package dryrun

import (
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/parser"
)

// Redirections of file descriptors past 2.
//
// interp supports descriptors 0, 1 and 2 only: `exec 9>"$LOCK"; flock -n 9
// || exit 1`, the single-instance lock of many launch scripts, stopped
// every mode with "unsupported redirect fd: 9", and `echo "$*" >&3` (a log
// kept out of a command substitution) with "unhandled >& arg". Eval runs a
// copy (rewrite) in which such a redirection is gone (exec 9>FILE, 3<&0)
// or, when it moves output or input onto that descriptor (>&3, <&4), reads
// or writes /dev/null instead: the sandbox discards every write anyway,
// and what a descriptor past 2 carries is never the engine's argv.

// rewriteFdRedirs rewrites the redirections of descriptors past 2 in f and
// reports whether it changed any.
func rewriteFdRedirs(f *syntax.File) bool {
	changed := false
	syntax.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok || len(st.Redirs) == 0 {
			return true
		}
		kept := st.Redirs[:0:0]
		for _, rd := range st.Redirs {
			switch {
			case parser.HighFd(rd.N):
				changed = true
				continue // exec 9>"$LOCK", 3>&1
			case (rd.Op == syntax.DplOut || rd.Op == syntax.DplIn) && parser.HighFdWord(rd.Word):
				changed = true
				op := syntax.RdrOut
				if rd.Op == syntax.DplIn {
					op = syntax.RdrIn
				}
				rd = &syntax.Redirect{OpPos: rd.OpPos, Op: op, N: rd.N, Word: &syntax.Word{Parts: []syntax.WordPart{
					&syntax.Lit{ValuePos: rd.Word.Pos(), ValueEnd: rd.Word.End(), Value: "/dev/null"}}}}
			}
			kept = append(kept, rd)
		}
		st.Redirs = kept
		return true
	})
	return changed
}
