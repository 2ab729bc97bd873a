package dryrun

import (
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
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
// lastpipe on in its top-level code (setsLastPipe). Code a sourced file,
// eval or a trap runs is not rewritten.

// rewriteLastPipes wraps the last command of each pipeline of f in a
// subshell, unless f runs `shopt -s lastpipe`; it reports whether it
// changed any.
func rewriteLastPipes(f *syntax.File) bool {
	if setsLastPipe(f) {
		dropShoptLastPipe(f)
		return false
	}
	changed := false
	shwalk.Walk(f, func(n syntax.Node) bool {
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

// setsLastPipe reports whether f runs `shopt -s … lastpipe …` as one of
// its top-level statements (or in a list or block there): code that
// always runs before what follows it. One in a mode's branch, an if or a
// function is not taken to: `lp) shopt -s lastpipe; …;;` left lastpipe off
// for every other mode in bash, and the dry run booted `pipe) echo 64 |
// read -r seqs;;` with 64 where bash keeps the owner's value (a false
// drift). The modes that do turn it on there may be missed instead.
func setsLastPipe(f *syntax.File) bool {
	var top func(sts []*syntax.Stmt) bool
	var cmd func(c syntax.Command) bool
	cmd = func(c syntax.Command) bool {
		switch c := c.(type) {
		case *syntax.CallExpr:
			return shoptLastPipe(c)
		case *syntax.BinaryCmd:
			if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
				return false
			}
			return cmd(c.X.Cmd) // shopt -s lastpipe || true; not what a test guards
		case *syntax.Block:
			return top(c.Stmts)
		}
		return false
	}
	top = func(sts []*syntax.Stmt) bool {
		for _, st := range sts {
			if !st.Background && !st.Coprocess && cmd(st.Cmd) {
				return true
			}
		}
		return false
	}
	return top(f.Stmts)
}

// shoptLastPipe reports whether ce is `shopt -s … lastpipe …`.
func shoptLastPipe(ce *syntax.CallExpr) bool {
	if len(ce.Args) < 3 || ce.Args[0].Lit() != "shopt" {
		return false
	}
	set := false
	for _, a := range ce.Args[1:] {
		switch a.Lit() {
		case "-s":
			set = true
		case "lastpipe":
			if set {
				return true
			}
		}
	}
	return false
}

// dropShoptLastPipe takes lastpipe out of each `shopt -s … lastpipe …` of
// f, whose top-level code turns it on (setsLastPipe): interp runs the last
// command of a pipeline in the shell already, and has no lastpipe option
// to set (shopt fails, "unsupported option", and no mode was evaluated).
// A shopt left with no option name is `:`.
//
// Made in the tree, not as the call handler drops nocasematch and
// inherit_errexit (shoptWithout, whatever shopt runs, from its words as
// expanded): dropping lastpipe is right only where the copy keeps a
// pipeline's last command in the shell, which setsLastPipe decides from
// the tree before the run. A shopt -s lastpipe elsewhere (in a mode's
// branch) stays, and fails that mode, whose pipelines the copy runs as
// bash does without lastpipe.
func dropShoptLastPipe(f *syntax.File) {
	shwalk.Walk(f, func(n syntax.Node) bool {
		ce, ok := n.(*syntax.CallExpr)
		if !ok || !shoptLastPipe(ce) {
			return true
		}
		args := ce.Args[:1:1]
		names := 0
		for _, a := range ce.Args[1:] {
			switch lit := a.Lit(); {
			case lit == "lastpipe":
				continue
			case !strings.HasPrefix(lit, "-"):
				names++
			}
			args = append(args, a)
		}
		if names == 0 {
			w := ce.Args[0]
			args = []*syntax.Word{{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: w.Pos(), ValueEnd: w.End(), Value: ":"}}}}
		}
		ce.Args = args
		return true
	})
}
