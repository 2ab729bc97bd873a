package dryrun

import (
	"fmt"
	"slices"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// A whole-array read through a function's nameref.
//
//	show() { local -n a=$1; echo "launching: ${a[*]}"; }
//	show args
//
// interp expands "${a[@]}" (and ${a[*]}, "${a[@]/x/y}") from the nameref
// itself, not its target: one field, "--model /m --max-num-seqs 64",
// where bash gives each element. A function doing so was refused at each
// call, and a script that only logs its argv through such a helper could
// not be evaluated in any mode. Eval runs a copy (rewriteRefReads) in
// which each statement of the function's own body that holds such a read
// first copies the target into a local array of its own (refCopyCmd, which
// the call handler answers with `declare -a COPY; COPY=("${TARGET[@]}")`,
// TARGET the name the nameref resolves to then) and reads the copy: what
// bash reads, taken right before the statement, after every write the
// function made before it. Reads in other functions (a helper reading its
// caller's nameref), ${!a[@]} and slices (${a[@]:1}, which go by the
// target's indexes) are still refused.

// refCopyCmd is the command name of the copies rewriteRefReads makes; it
// cannot be typed in a script by accident.
const refCopyCmd = "\x1eservelint-refcopy\x1e"

// refCopyName is the local array a read of nameref name is read from.
func refCopyName(name string) string { return "__servelint_refcopy_" + name }

// funcNamerefNames returns the namerefs function fd declares in its own
// body (not in a function nested in it) as its locals: local -n, declare
// -n, typeset -n without -g.
func funcNamerefNames(fd *syntax.FuncDecl) map[string]bool {
	return declaredNames(fd.Body, func(d *syntax.DeclClause) bool {
		return parser.IsNameref(d) && !parser.IsGlobalDecl(d)
	}, false)
}

// refCopyReads returns the whole-array reads through fd's own namerefs
// (funcNamerefNames) in fd's own body that rewriteRefReads reads from a
// copy: "${a[@]}", ${a[*]}, with a per-element operator or none; not
// ${!a[@]}, ${#a[@]} (which interp resolves) or a slice.
func refCopyReads(fd *syntax.FuncDecl) map[*syntax.ParamExp]bool {
	names := funcNamerefNames(fd)
	if len(names) == 0 {
		return nil
	}
	var out map[*syntax.ParamExp]bool
	shwalk.Walk(fd.Body, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.FuncDecl:
			return false
		case *syntax.ParamExp:
			if refCopyRead(x, names) {
				if out == nil {
					out = map[*syntax.ParamExp]bool{}
				}
				out[x] = true
			}
		}
		return true
	})
	return out
}

// refCopyRead reports whether pe is a whole-array read of one of names a
// copy stands in for.
func refCopyRead(pe *syntax.ParamExp, names map[string]bool) bool {
	if pe.Param == nil || !names[pe.Param.Value] || pe.Excl || pe.Names != 0 || pe.Width || pe.Length || pe.IsSet || pe.Slice != nil {
		return false
	}
	w, ok := pe.Index.(*syntax.Word)
	return ok && (w.Lit() == "@" || w.Lit() == "*")
}

// hasRefCopies reports whether a function of n reads a whole array
// through its own nameref (refCopyReads): Eval then runs the copy
// rewriteRefReads makes.
func hasRefCopies(n syntax.Node) bool {
	found := false
	shwalk.Walk(n, func(x syntax.Node) bool {
		if fd, ok := x.(*syntax.FuncDecl); ok && len(refCopyReads(fd)) > 0 {
			found = true
		}
		return !found
	})
	return found
}

// rewriteRefReads makes each statement of a function's own body that holds
// a read of refCopyReads `{ refCopyCmd COPY NAME; STATEMENT; }` with the
// read made of COPY (see above). It reports whether it changed any.
func rewriteRefReads(f *syntax.File) bool {
	type site struct {
		st    *syntax.Stmt
		names []string
	}
	var sites []site
	var reads []*syntax.ParamExp
	shwalk.Walk(f, func(n syntax.Node) bool {
		fd, ok := n.(*syntax.FuncDecl)
		if !ok {
			return true
		}
		copied := refCopyReads(fd)
		if len(copied) == 0 {
			return true
		}
		shwalk.Walk(fd.Body, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.FuncDecl:
				return false
			case *syntax.Stmt:
				var names []string
				shwalk.Walk(x, func(m syntax.Node) bool {
					switch y := m.(type) {
					case *syntax.FuncDecl:
						return false
					case *syntax.Stmt:
						return y == x // the innermost statement holding it copies
					case *syntax.ParamExp:
						if copied[y] {
							reads = append(reads, y)
							if !slices.Contains(names, y.Param.Value) {
								names = append(names, y.Param.Value)
							}
						}
					}
					return true
				})
				if len(names) > 0 && x.Cmd != nil {
					sites = append(sites, site{x, names})
				}
			}
			return true
		})
		return true // nested functions are walked as functions of their own
	})
	for _, s := range sites {
		stmts := make([]*syntax.Stmt, 0, len(s.names)+1)
		for _, name := range s.names {
			stmts = append(stmts, &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(refCopyCmd), litWord(refCopyName(name)), litWord(name)}}})
		}
		// The statement's redirections go in with its command: bash
		// expands them (a heredoc's ${a[*]}, > "${a[*]}.log") as it runs
		// the command, after the copy; left on the block, they were
		// expanded before it, of a copy not yet made.
		s.st.Cmd = &syntax.Block{Stmts: append(stmts, &syntax.Stmt{Cmd: s.st.Cmd, Redirs: s.st.Redirs})}
		s.st.Redirs = nil
	}
	for _, pe := range reads {
		pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: refCopyName(pe.Param.Value)}
	}
	return len(sites) > 0
}

// refCopyCallOK reports whether args are a refCopyCmd call rewriteRefReads
// made (no position: one the script typed is a program no host has).
func refCopyCallOK(hc interp.HandlerContext, args []string) bool {
	return len(args) == 3 && args[0] == refCopyCmd && !hc.Pos.IsValid()
}

// refCopy answers a refCopyCmd call: the code that sets the local array
// args[1] to the elements of what args[2] names, the nameref's target (or
// args[2] itself where it is no nameref: a read before the declaration).
// A target that is no plain name (a[1], a loop of namerefs) stops the run.
func (ev *evaluator) refCopy(env expand.Environ, args []string) ([]string, error) {
	copyName, ref := args[1], args[2]
	target := ref
	if v := env.Get(ref); v.Kind == expand.NameRef {
		target, _ = v.Resolve(env)
	}
	if !syntax.ValidName(target) || !syntax.ValidName(copyName) {
		return nil, ev.fail(fmt.Errorf("%w: a nameref %s to %q: %s", ErrUnsupported, ref, target, namerefMsg))
	}
	// declare, not local: in a subshell of the function (a pipeline's
	// stage, ( … ), a job) interp's local fails, "can only be used in a
	// function", where bash's does not; declare is local in the function
	// and the subshell's own in one.
	return []string{"eval", "declare -a " + copyName + "; " + copyName + `=("${` + target + `[@]}")`}, nil
}
