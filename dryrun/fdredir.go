package dryrun

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// Redirections of file descriptors past 2.
//
// interp supports descriptors 0, 1 and 2 only: `exec 9>"$LOCK"; flock -n 9
// || exit 1`, the single-instance lock of many launch scripts, stopped
// every mode with "unsupported redirect fd: 9", and `echo "$*" >&3` (a log
// kept out of a command substitution) with "unhandled >& arg". Eval runs a
// copy (rewrite) in which such a redirection is gone (exec 9>FILE, 3<&0)
// or, when it moves output onto that descriptor (>&3), writes /dev/null
// instead: the sandbox discards every write anyway, and what a descriptor
// past 2 carries is never the engine's argv. Two forms would give a wrong
// value that way, and stop the run instead (fdMark): input taken from such
// a descriptor (`while read -r k v <&3; do …; done 3< shape.conf`: from
// /dev/null, the loop added nothing), and a descriptor made a copy of 0, 1
// or 2 for a use in the same statement (`V=$(cmd 3>&1 1>&2 2>&3)`, the
// swap that captures stderr: V was empty).

// fdMark prefixes the path a redirection that stops the run is rewritten
// to (read as input, so the open handler sees it): the rest says what it
// was.
const fdMark = "\x1eservelint-fd\x1e"

// rewriteFdRedirs rewrites the redirections of descriptors past 2 in f and
// reports whether it changed any.
func rewriteFdRedirs(f *syntax.File) bool {
	changed := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok || len(st.Redirs) == 0 {
			return true
		}
		kept := st.Redirs[:0:0]
		for i, rd := range st.Redirs {
			switch {
			case parser.HighFd(rd.N) && (rd.Op == syntax.DplOut || rd.Op == syntax.DplIn) && lowFdWord(rd.Word) && usesFd(st, i, rd.N.Value):
				changed = true
				rd = stopRedir(rd, "descriptor "+rd.N.Value+" made a copy of another and used in the same statement")
			case parser.HighFd(rd.N):
				changed = true
				continue // exec 9>"$LOCK", 3>&1
			case rd.Op == syntax.DplIn && parser.HighFdWord(rd.Word):
				changed = true
				v, _ := parser.LitValue(rd.Word)
				rd = stopRedir(rd, "input from descriptor "+strings.TrimSuffix(v, "-"))
			case rd.Op == syntax.DplOut && parser.HighFdWord(rd.Word):
				changed = true
				rd = &syntax.Redirect{OpPos: rd.OpPos, Op: syntax.RdrOut, N: rd.N, Word: &syntax.Word{Parts: []syntax.WordPart{
					&syntax.Lit{ValuePos: rd.Word.Pos(), ValueEnd: rd.Word.End(), Value: "/dev/null"}}}}
			}
			kept = append(kept, rd)
		}
		st.Redirs = kept
		return true
	})
	return changed
}

// stopRedir is an input redirection of fdMark+what, on which the open
// handler stops the run.
func stopRedir(rd *syntax.Redirect, what string) *syntax.Redirect {
	return &syntax.Redirect{OpPos: rd.OpPos, Op: syntax.RdrIn, Word: &syntax.Word{Parts: []syntax.WordPart{
		&syntax.Lit{ValuePos: rd.Word.Pos(), ValueEnd: rd.Word.End(), Value: fdMark + what}}}}
}

// lowFdWord reports whether w, the word of a >& or <&, is 0, 1 or 2.
func lowFdWord(w *syntax.Word) bool {
	v, ok := parser.LitValue(w)
	return ok && (v == "0" || v == "1" || v == "2")
}

// usesFd reports whether a redirection of st after its i-th, or one in
// st's command, moves output or input onto descriptor fd.
func usesFd(st *syntax.Stmt, i int, fd string) bool {
	onto := func(rd *syntax.Redirect) bool {
		if rd.Op != syntax.DplOut && rd.Op != syntax.DplIn {
			return false
		}
		v, ok := parser.LitValue(rd.Word)
		return ok && strings.TrimSuffix(v, "-") == fd
	}
	for _, rd := range st.Redirs[i+1:] {
		if onto(rd) {
			return true
		}
	}
	found := false
	if st.Cmd != nil {
		shwalk.Walk(st.Cmd, func(n syntax.Node) bool {
			if rd, ok := n.(*syntax.Redirect); ok && onto(rd) {
				found = true
			}
			return !found
		})
	}
	return found
}
