package dryrun

import (
	"fmt"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// Quoted let arguments.
//
// bash's let expands its arguments as any command's and evaluates each as
// an arithmetic expression: let "s = 256" and let 's=s*2' assign s. The
// parser reads a quoted argument as one word, which interp's let reads as
// a number, not an expression: it assigned nothing and, the value being
// 0, failed (under set -e the mode ended). Eval runs a copy in which a let
// with a quoted argument is letCmd ARGS…, which the call handler answers
// with eval '(( (ARG1), (ARG2), … ))': each argument's expansion evaluated
// in order, the status the last one's (1 when it is 0), as bash's let. An
// argument left unquoted (s=3 in let s=3 "s += 1") is the arithmetic the
// parser made of it, evaluated by interp as bash expands it (its value the argument).
// An expansion's value that is not statically known (a skipped
// command's output) or that holds $ or ` (bash does not expand it again),
// or one that does not parse, stops the run: never a guessed number.

// letCmd is the command name of the lets rewriteQuotedLets makes; it
// cannot be typed in a script by accident.
const letCmd = "\x1eservelint-let\x1e"

// quotedLets reports whether src may hold a quoted let argument
// (mayQuoteLet), once per Prepared: Eval runs the rewritten copy when the
// script holds one.
func (p *Prepared) quotedLets(src []byte) bool {
	p.letOnce.Do(func() { p.let = mayQuoteLet(src) })
	return p.let
}

// quotedLetArg reports whether x is a word with a quoted part.
func quotedLetArg(x syntax.ArithmExpr) bool {
	w, ok := x.(*syntax.Word)
	if !ok {
		return false
	}
	for _, p := range w.Parts {
		switch p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		}
	}
	return false
}

// rewriteQuotedLets makes the copy described above; it reports whether it
// changed f.
func rewriteQuotedLets(f *syntax.File) bool {
	var sts []*syntax.Stmt
	shwalk.Walk(f, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok {
			if lc, ok := st.Cmd.(*syntax.LetClause); ok {
				for _, x := range lc.Exprs {
					if quotedLetArg(x) {
						sts = append(sts, st)
						break
					}
				}
			}
		}
		return true
	})
	changed := false
	for _, st := range sts {
		lc := st.Cmd.(*syntax.LetClause)
		if !letRewritable(lc) {
			continue
		}
		args := []*syntax.Word{litWord(letCmd)}
		for _, x := range lc.Exprs {
			if w, ok := x.(*syntax.Word); ok {
				args = append(args, w)
				continue
			}
			// Evaluated by interp as it expands the argument (its
			// assignment made then), the argument its value.
			args = append(args, &syntax.Word{Parts: []syntax.WordPart{&syntax.ArithmExp{Left: x.Pos(), Right: x.End(), X: x}}})
		}
		st.Cmd = &syntax.CallExpr{Args: args}
		changed = true
	}
	return changed
}

// letRewritable reports whether lc's unquoted expressions, evaluated as
// their arguments are expanded, assign nothing a later argument's
// expansion reads: none is followed by a word that expands anything (let
// s=3 "t = $s" reads the old s in bash).
func letRewritable(lc *syntax.LetClause) bool {
	evaluated := false
	for _, x := range lc.Exprs {
		w, ok := x.(*syntax.Word)
		if !ok {
			evaluated = true
			continue
		}
		if evaluated && !expandsNothing(w) {
			return false
		}
	}
	return true
}

// expandsNothing reports whether w expands no parameter, command or
// arithmetic.
func expandsNothing(w *syntax.Word) bool {
	lit := true
	shwalk.Walk(w, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
			lit = false
		}
		return lit
	})
	return lit
}

// letCallOK reports whether args are a letCmd call rewriteQuotedLets made
// (no position: one the script typed is a program no host has).
func letCallOK(hc interp.HandlerContext, args []string) bool {
	return len(args) >= 1 && args[0] == letCmd && !hc.Pos.IsValid()
}

// letEval answers letCmd ARGS…: eval '(( (ARG1), … ))', or the run stopped
// (see above).
func (ev *evaluator) letEval(args []string) ([]string, error) {
	exprs := args[1:]
	if len(exprs) == 0 {
		return nil, ev.fail(fmt.Errorf("%w: let without an expression", ErrUnsupported))
	}
	parts := make([]string, 0, len(exprs))
	for i, e := range exprs {
		last := i == len(exprs)-1
		switch {
		case hasSentinel(e):
			// let "HALF = $NUM_GPUS / 2" over a skipped command's output:
			// the name takes a value not statically known, as $(( … ))
			// over one gives (never a guessed number), and the let
			// succeeds. Any other expression over one (a test, whose
			// status would pick a branch) stops the run.
			name := letAssignRE.FindStringSubmatch(e)
			if name == nil {
				return nil, ev.fail(fmt.Errorf("%w: let over a value not statically known (a skipped command's output)", ErrUnsupported))
			}
			q, err := syntax.Quote(firstSentinel(e), syntax.LangBash)
			if err != nil {
				return nil, ev.fail(fmt.Errorf("%w: let over a value not statically known (a skipped command's output)", ErrUnsupported))
			}
			parts = append(parts, name[1]+"="+q)
			if last {
				parts = append(parts, "true")
			}
			continue
		case strings.ContainsAny(e, "$`"):
			return nil, ev.fail(fmt.Errorf("%w: let %q: an expansion left in the expression", ErrUnsupported, e))
		case strings.TrimSpace(e) == "":
			return nil, ev.fail(fmt.Errorf("%w: let with an empty expression", ErrUnsupported))
		}
		if _, err := syntax.NewParser().Arithmetic(strings.NewReader(e)); err != nil {
			return nil, ev.fail(fmt.Errorf("%w: let %q: not an arithmetic expression", ErrUnsupported, e))
		}
		if last {
			parts = append(parts, "(( ("+e+") ))") // its value is the let's status
		} else {
			parts = append(parts, ": $(( ("+e+") ))") // evaluated in order; no status
		}
	}
	return []string{"eval", strings.Join(parts, "; ")}, nil
}

// letAssignRE matches a let expression that assigns a name (NAME = …,
// NAME += …): the name is the first group.
var letAssignRE = regexp.MustCompile(`^[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]*([-+*/%&|^]|<<|>>)?=([^=]|$)`)
