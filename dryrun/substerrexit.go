package dryrun

import (
	"slices"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// Command substitutions under set -e, in bash.
//
// bash (out of POSIX mode, without shopt -s inherit_errexit) clears
// errexit in the subshell of a command substitution: under `set -e`,
// `x=$(false; echo hi)` sets x to hi and succeeds, so `x=$(false; echo hi)
// || seqs=2$seqs` leaves seqs as it was. interp runs the substitution
// under the caller's errexit: the false ended it, the assignment failed,
// and the || branch ran where bash's does not (the mode booted with
// another number). Eval runs a copy (rewriteSubstErrexit) in which the
// statements of each such substitution are
//
//	$(if { STMTS; }; then :; else (exit "$?"); fi)
//
// STMTS run as the if's condition, where interp exempts every command from
// errexit as bash does in the substitution, and the substitution's status
// is the last command's: (exit "$?") hands a failing one's on. Its first
// command still reads the $? before the substitution.
//
// Only a bash script (the shebang's, or none) whose main body turns
// errexit on (parser.FileErrexit), and none that turns inherit_errexit or
// POSIX mode on anywhere: there the substitution keeps errexit, as interp
// runs it (dash, a /bin/sh, keeps it too). A substitution of one command
// (not a function of the script, nor eval or source: simpleCommand) or
// one pipeline of such commands is left: errexit could end it only at its
// last command, whose status is the substitution's either way. Left
// unmatched: `$(set -e; …)` in a substitution bash does not exempt turns
// errexit on again in bash, not in the copy's condition.

// substErrexitState guards substErrexit's answer, asked of the script's
// tree once.
type substErrexitState struct {
	substOnce sync.Once
	subst     bool
}

// substErrexit reports whether the script (src, parsed as f) holds a
// command substitution whose errexit bash clears and interp keeps
// (clearedSubsts): Eval then runs the rewritten copy.
func (p *Prepared) substErrexit(src []byte, f *syntax.File) bool {
	p.substOnce.Do(func() {
		variant, _ := parser.ShebangVariant(src)
		p.subst = len(clearedSubsts(f, variant)) > 0
	})
	return p.subst
}

// rewriteSubstErrexit makes the copy described above; it reports whether
// it changed f.
func rewriteSubstErrexit(f *syntax.File, variant syntax.LangVariant) bool {
	substs := clearedSubsts(f, variant)
	for _, cs := range substs {
		pos := cs.Stmts[0].Pos()
		body := &syntax.Stmt{Position: pos, Cmd: &syntax.Block{Lbrace: pos, Rbrace: cs.Stmts[len(cs.Stmts)-1].End(), Stmts: cs.Stmts, Last: cs.Last}}
		exit := &syntax.Stmt{Position: pos, Cmd: &syntax.Subshell{Lparen: pos, Rparen: pos, Stmts: []*syntax.Stmt{
			{Position: pos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWordAt("exit", pos), paramWord("?")}}}}}}
		colon := &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWordAt(":", pos)}}}
		ic := &syntax.IfClause{Position: pos, ThenPos: pos, FiPos: body.End(), Cond: []*syntax.Stmt{body},
			Then: []*syntax.Stmt{colon}, Else: &syntax.IfClause{Position: pos, FiPos: body.End(), Then: []*syntax.Stmt{exit}}}
		cs.Stmts, cs.Last = []*syntax.Stmt{{Position: pos, Cmd: ic}}, nil
	}
	return len(substs) > 0
}

// clearedSubsts returns the command substitutions of f whose errexit bash
// clears and interp keeps, as described above; none unless f is bash's,
// turns errexit on and never inherit_errexit nor POSIX mode.
func clearedSubsts(f *syntax.File, variant syntax.LangVariant) []*syntax.CmdSubst {
	if f == nil || variant != syntax.LangBash || !parser.FileErrexit(f) || keepsSubstErrexit(f) {
		return nil
	}
	funcs := funcNames(f)
	var out []*syntax.CmdSubst
	shwalk.Walk(f, func(n syntax.Node) bool {
		cs, ok := n.(*syntax.CmdSubst)
		if !ok || !cs.Left.IsValid() || len(cs.Stmts) == 0 {
			return true
		}
		if len(cs.Stmts) == 1 && simplePipeline(cs.Stmts[0], funcs) {
			return true
		}
		out = append(out, cs)
		return true
	})
	return out
}

// simplePipeline reports whether st is one command or a pipeline of
// commands each simpleCommand, run in the foreground.
func simplePipeline(st *syntax.Stmt, funcs []string) bool {
	if st.Background || st.Coprocess {
		return false
	}
	if bc, ok := st.Cmd.(*syntax.BinaryCmd); ok && isPipe(bc) {
		return !slices.ContainsFunc(pipeStages(bc), func(s *syntax.Stmt) bool { return !simplePipeline(s, funcs) })
	}
	return simpleCommand(st, funcs)
}

// keepsSubstErrexit reports whether f turns on anywhere what keeps errexit
// in a command substitution: shopt -s inherit_errexit, set -o posix, or
// POSIXLY_CORRECT.
func keepsSubstErrexit(f *syntax.File) bool {
	keeps := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		if keeps {
			return false
		}
		switch x := n.(type) {
		case *syntax.Assign:
			keeps = x.Name != nil && x.Name.Value == "POSIXLY_CORRECT"
		case *syntax.CallExpr:
			var words []string
			for _, a := range x.Args {
				v, _ := parser.LitValue(a)
				words = append(words, v)
			}
			switch {
			case len(words) == 0:
			case words[0] == "shopt":
				keeps = slices.Contains(words, "inherit_errexit")
			case words[0] == "set":
				keeps = slices.Contains(words, "posix")
			case words[0] == "export":
				keeps = slices.Contains(words, "POSIXLY_CORRECT")
			}
		case *syntax.DeclClause:
			for _, a := range x.Args {
				keeps = keeps || a.Name != nil && a.Name.Value == "POSIXLY_CORRECT"
			}
		}
		return !keeps
	})
	return keeps
}
