package dryrun

import (
	"mvdan.cc/sh/v3/syntax"
)

// The last command of a pipeline.
//
// interp runs the last command of a pipeline in the script's own shell, as
// bash does only under `shopt -s lastpipe`; bash runs every command of a
// pipeline in a subshell. What the last one assigns was the argv's in the
// dry run and lost in bash: `echo 64 | read -r seqs` and `printf '32\n' |
// while read -r n; do seqs=$n; done` booted the mode with 64 and 32 where
// bash boots it with the value seqs held before (a differential run
// against bash, R35). Eval runs a copy (rewrite) in which the last command
// of each pipeline is a subshell, ( CMD ), unless the script turns
// lastpipe on anywhere. Code a sourced file, eval or a trap runs is not
// rewritten.

// rewriteLastPipes wraps the last command of each pipeline of f in a
// subshell, unless f runs `shopt -s lastpipe`; it reports whether it
// changed any.
func rewriteLastPipes(f *syntax.File) bool {
	if setsLastPipe(f) {
		return false
	}
	changed := false
	syntax.Walk(f, func(n syntax.Node) bool {
		b, ok := n.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.Pipe && b.Op != syntax.PipeAll || b.Y == nil {
			return true
		}
		if y, ok := b.Y.Cmd.(*syntax.BinaryCmd); ok && (y.Op == syntax.Pipe || y.Op == syntax.PipeAll) {
			return true // a | b | c: the inner pipeline's last command
		}
		if _, ok := b.Y.Cmd.(*syntax.Subshell); ok {
			return true
		}
		y := b.Y
		b.Y = &syntax.Stmt{Position: y.Pos(), Cmd: &syntax.Subshell{Lparen: y.Pos(), Rparen: y.End(), Stmts: []*syntax.Stmt{y}}}
		changed = true
		return true
	})
	return changed
}

// setsLastPipe reports whether f runs `shopt -s … lastpipe …`.
func setsLastPipe(f *syntax.File) bool {
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		ce, ok := n.(*syntax.CallExpr)
		if !ok || len(ce.Args) < 3 || ce.Args[0].Lit() != "shopt" {
			return !found
		}
		set := false
		for _, a := range ce.Args[1:] {
			switch a.Lit() {
			case "-s":
				set = true
			case "lastpipe":
				found = found || set
			}
		}
		return !found
	})
	return found
}
