package dryrun

import (
	"bytes"
	"encoding/hex"
	"maps"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// The count of an array split from a skipped command's output.
//
//	mapfile -t gpus < <(nvidia-smi -L); n=${#gpus[@]}
//	gpus=($(nvidia-smi -L)); (( ${#gpus[@]} >= TP )) || exit 1
//
// nvidia-smi is skipped and prints one sentinel: the array held one
// element, and its count was 1, a value the dry run took for known (a
// guard on it was not assumed to pass: "need 8 GPUs"; an argv read
// --tensor-parallel-size 1). On the host the count is the number of lines
// or words of that output, which the dry run does not know, as it does not
// know `nvidia-smi -L | wc -l` (wc is skipped: a sentinel).
//
// Eval runs a copy (rewrite) in which each ${#NAME[@]} and ${#NAME[*]} of
// an array the script fills by splitting (mapfile, readarray, read -a, or
// an array literal with an unquoted substitution or expansion) is
// $(internal count NAME) (outside the bounds of a for ((…)) or while
// loop, which run once over such an array as a for-in loop does over its
// one element): the count, or, when every element of the array
// is wholly a sentinel (a skipped command's output, a read outside the
// tree, a caller's placeholder), the first of them, which marks the count
// as not statically known. An array that holds any known element (--tp
// $(…) beside a literal flag, the elements a script typed) keeps its
// count. Code a sourced file, eval or a trap runs is not rewritten.

// The length of an unknown string.
//
//	tok=$(cat /run/secrets/hf); (( ${#tok} > 0 )) || exit 1
//
// ${#NAME} of a value that holds a sentinel was the length of the
// sentinel's text (6): a number the dry run took for known. The copy makes
// each ${#NAME} (and ${#NAME[N]}) ${NAME:0:0}$(internal length "${NAME}"):
// the number of characters, or the first sentinel the value holds. The
// empty slice before it stops the run where ${#NAME} of an unset NAME
// stops it under set -u (the substitution is a subshell: its own stop
// would not). As for counts, a loop's bounds keep ${#NAME}.
//
// A loop bounded by a variable that holds such a count or length.
//
//	n=${#gpus[@]}; for ((i = 0; i < n; i++)); do …; done
//
// n holds a sentinel, 0 in arithmetic: the loop ran no iteration where
// for ((i = 0; i < ${#gpus[@]}; i++)) runs once. Each sentinel a count or a
// length was given is noted with its stand-in (the count of the array the
// sandbox holds, the length of the string), and in the condition of a
// C-style for loop, a while or an until loop, each read of a variable
// assigned from a count or a length (boundNames: n=${#g[@]}, and its
// copies, tp=$n, TP=${TP:-$n}) is $(internal bound "${NAME-}" FALLBACK):
// the stand-in when the variable holds one of those sentinels, else
// FALLBACK, which reads the variable as the script did (its name, in
// arithmetic; its value, as a test's operand). The variable itself keeps
// the sentinel: an argv or a guard reading it sees an unknown value.
//
// A value computed from such a count or length.
//
//	tp=$((n / 2)); vllm serve … --tensor-parallel-size $tp
//
// Arithmetic reads the sentinel as 0: tp was 0, a number taken for known.
// An arithmetic expansion without side effects that reads a bound, a count
// or a length is $(internal arith "$((…))" VALUES…), VALUES being what it
// reads of those: the result, or the first of them that is wholly a
// sentinel. ${NAME:0:0} before it, for each parameter the expansion
// expands, keeps set -u's stop.

const (
	// opCount prints the count of the array args[0] (see above); args[1]
	// is the index the script wrote (@ or *), for a note.
	opCount = "count"
	// opLength prints the length of args[0] (see above).
	opLength = "length"
	// opBound prints the stand-in of args[0] when it is an unknown count's
	// or length's, else args[1] (see above).
	opBound = "bound"
	// opArith prints args[0], an arithmetic result, or the first of
	// args[1:] that is wholly a sentinel (see above).
	opArith = "arith"
)

// countRE matches ${#NAME…}: Eval runs the rewritten copy when the script
// holds one (Prepared.counts).
var countRE = regexp.MustCompile(`\$\{#[A-Za-z_]`)

// substRE matches a command substitution, $( not followed by another (.
var substRE = regexp.MustCompile(`\$\([^(]`)

// counts reports whether src holds an array count or a string length
// (countRE), or an arithmetic expansion beside a command substitution
// (a value computed from a skipped command's output: substNames), once
// per Prepared.
func (p *Prepared) counts(src []byte) bool {
	p.countOnce.Do(func() {
		p.count = countRE.Match(src) || bytes.Contains(src, []byte("$((")) && substRE.Match(src)
	})
	return p.count
}

// rewriteCounts makes each count of a split array of f and each string
// length an internal operation, and each read of a bound (boundNames) in
// a loop's condition; it reports whether it changed any.
func rewriteCounts(f *syntax.File) bool {
	split := splitArrays(f)
	bounds := boundNames(f, split)
	unknown := substNames(f, bounds)
	changed := false
	wrapped := map[*syntax.ArithmExp]bool{}
	replace := func(parts []syntax.WordPart) []syntax.WordPart {
		var out []syntax.WordPart
		for i, p := range parts {
			var repl []syntax.WordPart
			if ae, ok := p.(*syntax.ArithmExp); ok && !wrapped[ae] {
				if values, stops, ok := arithReads(ae, split, unknown); ok && len(values) > 0 {
					wrapped[ae] = true
					args := append([]*syntax.Word{quotedWord(ae)}, values...)
					args = append(args, litWord(arithTextWord(ae)))
					repl = append(repl, stops...)
					repl = append(repl, internalSubst(ae, opArith, args...))
				}
			}
			if pe, ok := p.(*syntax.ParamExp); ok {
				switch {
				case isSplitCount(pe, split):
					idx, _ := parser.LitValue(pe.Index.(*syntax.Word))
					repl = []syntax.WordPart{internalSubst(pe, opCount, litWord(pe.Param.Value), litWord(idx))}
				case isStrLength(pe):
					cp := *pe
					cp.Length = false
					arg := quotedWord(&cp)
					repl = []syntax.WordPart{unsetStop(pe.Param.Value, pe.Index), internalSubst(pe, opLength, arg)}
				}
			}
			if repl == nil {
				if out != nil {
					out = append(out, p)
				}
				continue
			}
			if out == nil {
				out = append([]syntax.WordPart{}, parts[:i]...)
			}
			out = append(out, repl...)
			changed = true
		}
		if out == nil {
			return parts
		}
		return out
	}
	var visit func(n syntax.Node) bool
	visit = func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Word:
			x.Parts = replace(x.Parts)
		case *syntax.DblQuoted:
			x.Parts = replace(x.Parts)
		case *syntax.ForClause:
			if cl, ok := x.Loop.(*syntax.CStyleLoop); ok {
				// for ((i = 0; i < ${#gpus[@]}; i++)): a loop over the
				// array runs once, as `for g in "${gpus[@]}"` does over
				// its one element; a count of 0 would skip it.
				if cl.Cond != nil && boundArithm(cl.Cond, bounds) {
					changed = true
				}
				for _, st := range x.Do {
					shwalk.Walk(st, visit)
				}
				return false
			}
		case *syntax.WhileClause:
			if boundConds(x.Cond, bounds) { // its condition is the loop's bound
				changed = true
			}
			for _, st := range x.Do {
				shwalk.Walk(st, visit)
			}
			return false
		}
		return true
	}
	shwalk.Walk(f, visit)
	return changed
}

// internalSubst is $(internal op args…) standing where node n was.
func internalSubst(n syntax.Node, op string, args ...*syntax.Word) *syntax.CmdSubst {
	ws := append([]*syntax.Word{litWord(internalCmd), litWord(op)}, args...)
	return &syntax.CmdSubst{Left: n.Pos(), Right: n.End(), Stmts: []*syntax.Stmt{{Cmd: &syntax.CallExpr{Args: ws}}}}
}

// unsetStop is ${NAME[INDEX]:0:0}: empty, or the stop of set -u when NAME
// is unset. It has no position (restoreCounts knows it by that).
func unsetStop(name string, index syntax.ArithmExpr) *syntax.ParamExp {
	return &syntax.ParamExp{Param: &syntax.Lit{Value: name}, Index: index, Slice: &syntax.Slice{Offset: litWord("0"), Length: litWord("0")}}
}

// isStrLength reports whether pe is ${#NAME} or ${#NAME[N]} (N digits),
// and nothing else.
func isStrLength(pe *syntax.ParamExp) bool {
	if !pe.Length || pe.Short || pe.Param == nil || !syntax.ValidName(pe.Param.Value) || pe.Exp != nil || pe.Slice != nil || pe.Repl != nil ||
		pe.Excl || pe.Width || pe.Names != 0 || pe.NestedParam != nil || len(pe.Modifiers) > 0 || pe.Flags != nil {
		return false
	}
	if pe.Index == nil {
		return true
	}
	w, ok := pe.Index.(*syntax.Word)
	if !ok {
		return false
	}
	v := w.Lit()
	return v != "" && strings.Trim(v, "0123456789") == ""
}

// boundNames are the variables of f assigned from a count of a split
// array or a string length (n=${#g[@]}, len=${#tok}), or from such a
// variable (tp=$n, TP=${TP:-$n}): those whose reads a loop's condition
// asks the stand-in of (see above). The value decides at run time; this
// only spares the other reads the internal operation.
func boundNames(f *syntax.File, split map[string]bool) map[string]bool {
	names := map[string]bool{}
	from := func(w *syntax.Word) bool {
		found := false
		shwalk.Walk(w, func(n syntax.Node) bool {
			if pe, ok := n.(*syntax.ParamExp); ok && (isSplitCount(pe, split) || isStrLength(pe) || pe.Param != nil && names[pe.Param.Value]) {
				found = true
			}
			return !found
		})
		return found
	}
	growNames(f, names, from)
	return names
}

// growNames adds to names each variable of f assigned a value from
// holds (a word reading one of names, for the callers' from), following a
// chain of copies one link a pass, at most 16 links.
func growNames(f *syntax.File, names map[string]bool, from func(*syntax.Word) bool) {
	for range 16 {
		grew := false
		shwalk.Walk(f, func(n syntax.Node) bool {
			var as []*syntax.Assign
			switch x := n.(type) {
			case *syntax.CallExpr:
				as = x.Assigns
			case *syntax.DeclClause:
				as = x.Args
			}
			for _, a := range as {
				if a.Name != nil && a.Value != nil && !names[a.Name.Value] && from(a.Value) {
					names[a.Name.Value] = true
					grew = true
				}
			}
			return true
		})
		if !grew {
			return
		}
	}
}

// substNames are bounds and the variables of f assigned from a command
// substitution, or from such a variable, expanded or read bare in an
// arithmetic expansion (NGPU=${NGPU:-$(nvidia-smi -L | wc -l)},
// half=$NGPU, tp=$((NGPU > 4 ? 4 : NGPU))): an arithmetic expansion that reads one
// (tp=$((NGPU / 2))) is the first of those values that is wholly a
// sentinel, where it was 0, a number taken for known (opArith). A loop's
// bound stays bounds'.
func substNames(f *syntax.File, bounds map[string]bool) map[string]bool {
	names := maps.Clone(bounds)
	from := func(w *syntax.Word) bool {
		found := false
		shwalk.Walk(w, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.CmdSubst:
				found = true
			case *syntax.ParamExp:
				found = found || x.Param != nil && names[x.Param.Value]
			case *syntax.ArithmExp:
				// tp=$((NGPU > 4 ? 4 : NGPU)): a name read bare.
				shwalk.Walk(x.X, func(n syntax.Node) bool {
					if w, ok := n.(*syntax.Word); ok && names[w.Lit()] {
						found = true
					}
					return !found
				})
			}
			return !found
		})
		return found
	}
	growNames(f, names, from)
	return names
}

// arithReads returns what arithmetic expansion ae reads of bounds, counts
// of split arrays and string lengths, as words ("${NAME-}", "${#g[@]}"),
// and an unset stop (unsetStop) for each parameter it expands; ok is false
// when ae has a side effect (an assignment, ++, --, ${X:=…}, a command
// substitution), which the internal operation's subshell would lose.
func arithReads(ae *syntax.ArithmExp, split, bounds map[string]bool) (values []*syntax.Word, stops []syntax.WordPart, ok bool) {
	ok = true
	seen := map[string]bool{}
	read := func(name string) {
		if bounds[name] && !seen[name] {
			seen[name] = true
			values = append(values, valueWord(name))
		}
	}
	shwalk.Walk(ae.X, func(n syntax.Node) bool {
		if !ok {
			return false
		}
		if parser.IsArithWrite(n) {
			ok = false
			return false
		}
		switch x := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			ok = false
		case *syntax.Word:
			if v := x.Lit(); syntax.ValidName(v) {
				read(v) // a name arithmetic reads
			}
		case *syntax.ParamExp:
			if isSplitCount(x, split) {
				values = append(values, quotedWord(x)) // the internal count: no stop
				return false
			}
			if x.Param == nil || x.NestedParam != nil || x.Excl {
				ok = false
				return false
			}
			if x.Exp != nil {
				switch x.Exp.Op {
				case syntax.AssignUnset, syntax.AssignUnsetOrNull:
					ok = false
					return false
				case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset, syntax.AlternateUnsetOrNull,
					syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
					return true // no stop under set -u (or its own, ${X:?})
				}
			}
			name := x.Param.Value
			if !syntax.ValidName(name) && strings.Trim(name, "0123456789") != "" {
				return true // $#, $?, $@: always set
			}
			var index syntax.ArithmExpr
			if x.Index != nil {
				if w, isWord := x.Index.(*syntax.Word); !isWord || w.Lit() == "@" || w.Lit() == "*" {
					return true // ${#g[@]}: set -u does not stop at a count
				}
				index = x.Index
			}
			stops = append(stops, unsetStop(name, index))
			switch {
			case isStrLength(x):
				values = append(values, quotedWord(x))
				return false
			case parser.PlainRead(x):
				read(name)
			}
		}
		return true
	})
	if !ok {
		return nil, nil, false
	}
	return values, stops, true
}

// boundArithm makes each read of a bound in x, an arithmetic expression
// of a loop's condition, an internal bound (see above); it reports whether
// it changed any. An assignment's target is left as it is.
func boundArithm(x syntax.ArithmExpr, bounds map[string]bool) bool {
	switch e := x.(type) {
	case *syntax.Word:
		return boundWord(e, bounds, true)
	case *syntax.ParenArithm:
		return boundArithm(e.X, bounds)
	case *syntax.UnaryArithm:
		if e.Op == syntax.Inc || e.Op == syntax.Dec {
			return false
		}
		return boundArithm(e.X, bounds)
	case *syntax.BinaryArithm:
		changed := false
		switch e.Op {
		case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
			syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
		default:
			changed = boundArithm(e.X, bounds)
		}
		return boundArithm(e.Y, bounds) || changed
	}
	return false
}

// boundConds makes the reads of bounds in a while or until loop's
// condition internal bounds: in arithmetic, and as the operands of a
// numeric comparison of [[ … ]], [ … ] or test.
func boundConds(stmts []*syntax.Stmt, bounds map[string]bool) bool {
	if len(bounds) == 0 {
		return false
	}
	changed := false
	numeric := func(op string) bool {
		switch op {
		case "-eq", "-ne", "-le", "-ge", "-lt", "-gt":
			return true
		}
		return false
	}
	for _, st := range stmts {
		shwalk.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.ArithmCmd:
				changed = boundArithm(x.X, bounds) || changed
				return false
			case *syntax.BinaryTest:
				if numeric(x.Op.String()) {
					for _, o := range []syntax.TestExpr{x.X, x.Y} {
						if w, ok := o.(*syntax.Word); ok {
							changed = boundWord(w, bounds, false) || changed
						}
					}
				}
			case *syntax.CallExpr:
				if args, ok := parser.ClassicTestArgs(x); ok && len(args) == 3 && numeric(args[1].Lit()) {
					changed = boundWord(args[0], bounds, false) || changed
					changed = boundWord(args[2], bounds, false) || changed
				}
			}
			return true
		})
	}
	return changed
}

// boundWord makes w, a read of a bound (NAME in arithmetic, $NAME, ${NAME},
// "$NAME"), an internal bound; it reports whether it did.
func boundWord(w *syntax.Word, bounds map[string]bool, arith bool) bool {
	if len(w.Parts) != 1 {
		return false
	}
	parts := &w.Parts
	part := w.Parts[0]
	if dq, ok := part.(*syntax.DblQuoted); ok && !arith && len(dq.Parts) == 1 {
		parts, part = &dq.Parts, dq.Parts[0]
	}
	var name string
	var pe *syntax.ParamExp
	switch x := part.(type) {
	case *syntax.Lit:
		if !arith || !syntax.ValidName(x.Value) {
			return false
		}
		name = x.Value
	case *syntax.ParamExp:
		if !parser.PlainRead(x) {
			return false
		}
		name, pe = x.Param.Value, x
	default:
		return false
	}
	if !bounds[name] {
		return false
	}
	value := valueWord(name)
	fallback := value
	if arith {
		fallback = litWord(name) // read as arithmetic reads a name
	}
	subst := internalSubst(part, opBound, value, fallback)
	if pe == nil {
		*parts = []syntax.WordPart{subst}
	} else {
		stop := unsetStop(name, nil)
		if !pe.Short {
			stop.Rbrace = pe.Rbrace // ${NAME}, for restoreCounts
		}
		*parts = []syntax.WordPart{stop, subst}
	}
	return true
}

// restoreCounts puts back, in the words under n, the script's text of
// each count, length and bound rewriteCounts made an internal operation,
// so that a note shows what the script wrote; the func it returns undoes
// that.
func restoreCounts(n syntax.Node) func() {
	type saved struct {
		parts *[]syntax.WordPart
		old   []syntax.WordPart
	}
	var undo []saved
	restore := func(pp *[]syntax.WordPart) {
		if np := scriptParts(*pp); np != nil {
			undo = append(undo, saved{pp, *pp})
			*pp = np
		}
	}
	shwalk.Walk(n, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Word:
			restore(&x.Parts)
		case *syntax.DblQuoted:
			restore(&x.Parts)
		}
		return true
	})
	return func() {
		for i := len(undo) - 1; i >= 0; i-- {
			*undo[i].parts = undo[i].old
		}
	}
}

// scriptParts are parts with each internal count, length and bound as the
// script wrote it, or nil when there is none.
func scriptParts(parts []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for i, p := range parts {
		op, args := internalOf(p)
		var orig syntax.WordPart
		stop := i > 0 && isStop(parts[i-1]) // the part before is an unset stop
		switch {
		case op == opCount && len(args) == 2:
			orig = &syntax.ParamExp{Length: true, Param: &syntax.Lit{Value: args[0].Lit()}, Index: litWord(args[1].Lit())}
		case op == opLength && len(args) == 1:
			if pe := quotedParam(args[0]); pe != nil {
				cp := *pe
				cp.Length = true
				orig = &cp
			}
		case op == opBound && len(args) == 2:
			if pe := quotedParam(args[0]); pe != nil {
				if stop {
					braced := parts[i-1].(*syntax.ParamExp).Rbrace.IsValid()
					orig = &syntax.ParamExp{Short: !braced, Param: pe.Param}
				} else {
					orig = &syntax.Lit{Value: pe.Param.Value}
				}
			}
		}
		if op == opArith && len(args) >= 1 {
			if dq, ok := args[0].Parts[0].(*syntax.DblQuoted); ok && len(args[0].Parts) == 1 && len(dq.Parts) == 1 {
				if ae, ok := dq.Parts[0].(*syntax.ArithmExp); ok {
					orig = ae
				}
			}
		}
		if orig == nil {
			if out != nil {
				out = append(out, p)
			}
			continue
		}
		if out == nil {
			out = append([]syntax.WordPart{}, parts[:i]...)
		}
		for stop && len(out) > 0 && isStop(out[len(out)-1]) {
			out = out[:len(out)-1]
			stop = op == opArith // an arithmetic expansion's are one per parameter
		}
		out = append(out, orig)
	}
	return out
}

// isStop reports whether p is an unset stop the rewrite made (unsetStop).
func isStop(p syntax.WordPart) bool {
	pe, ok := p.(*syntax.ParamExp)
	return ok && !pe.Pos().IsValid() && pe.Slice != nil
}

// internalOf is the operation and operands of p when it is a substitution
// the rewrite made of one internal call (its words have no position).
func internalOf(p syntax.WordPart) (string, []*syntax.Word) {
	cs, ok := p.(*syntax.CmdSubst)
	if !ok || len(cs.Stmts) != 1 {
		return "", nil
	}
	c, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) < 2 || c.Args[0].Pos().IsValid() || c.Args[0].Lit() != internalCmd {
		return "", nil
	}
	return c.Args[1].Lit(), c.Args[2:]
}

// valueWord is "${NAME-}": NAME's value, no stop under set -u.
func valueWord(name string) *syntax.Word {
	return quotedWord(&syntax.ParamExp{Param: &syntax.Lit{Value: name}, Exp: &syntax.Expansion{Op: syntax.DefaultUnset, Word: &syntax.Word{}}})
}

// quotedWord is the word "P".
func quotedWord(p syntax.WordPart) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{p}}}}
}

// quotedParam is the parameter expansion of a word "${…}", or nil.
func quotedParam(w *syntax.Word) *syntax.ParamExp {
	if len(w.Parts) != 1 {
		return nil
	}
	dq, ok := w.Parts[0].(*syntax.DblQuoted)
	if !ok || len(dq.Parts) != 1 {
		return nil
	}
	pe, _ := dq.Parts[0].(*syntax.ParamExp)
	return pe
}

// isSplitCount reports whether pe is ${#NAME[@]} or ${#NAME[*]} of an
// array of split, and nothing else.
func isSplitCount(pe *syntax.ParamExp, split map[string]bool) bool {
	if !pe.Length || pe.Short || pe.Param == nil || !split[pe.Param.Value] || pe.Exp != nil || pe.Slice != nil || pe.Repl != nil || pe.Excl || pe.Names != 0 || pe.NestedParam != nil {
		return false
	}
	w, ok := pe.Index.(*syntax.Word)
	if !ok {
		return false
	}
	v, _ := parser.LitValue(w)
	return v == "@" || v == "*"
}

// splitArrays are the names of f's arrays filled by splitting: the array
// of a mapfile, readarray or read -a, and one assigned a literal with an
// element that holds an unquoted command substitution or parameter
// expansion (gpus=($(nvidia-smi -L)), devs=($CUDA_VISIBLE_DEVICES)).
func splitArrays(f *syntax.File) map[string]bool {
	out := map[string]bool{}
	assigns := func(as []*syntax.Assign) {
		for _, a := range as {
			if a.Name == nil || a.Array == nil {
				continue
			}
			for _, e := range a.Array.Elems {
				if e.Value != nil && unquotedExpansion(e.Value) {
					out[a.Name.Value] = true
					break
				}
			}
		}
	}
	shwalk.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CallExpr:
			if name, ok := parser.ReadArrayName(x); ok {
				out[name] = true
			}
			assigns(x.Assigns)
		case *syntax.DeclClause:
			assigns(x.Args)
		}
		return true
	})
	return out
}

// unquotedExpansion reports whether a word has an unquoted command
// substitution or parameter expansion, which bash splits.
func unquotedExpansion(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p.(type) {
		case *syntax.CmdSubst, *syntax.ParamExp:
			return true
		}
	}
	return false
}

// countOf is ${#NAME[@]} of variable v, or the first element's sentinel
// when every element is wholly one; standIn is then the count the sandbox
// holds (-1 otherwise).
func countOf(v expand.Variable) (count string, standIn int) {
	var elems []string
	switch v.Kind {
	case expand.Indexed:
		elems = v.List
	case expand.Associative:
		for _, e := range v.Map {
			elems = append(elems, e)
		}
	case expand.String:
		if v.IsSet() {
			elems = []string{v.Str}
		}
	}
	if len(elems) == 0 {
		return "0", -1
	}
	first := ""
	for _, e := range elems {
		if !wholeSentinel(strings.TrimRight(e, "\n")) {
			return strconv.Itoa(len(elems)), -1
		}
		if first == "" {
			first = strings.TrimRight(e, "\n")
		}
	}
	return first, len(elems)
}

// lengthOf is ${#NAME} of value s, or the first sentinel s holds; standIn
// is then its length (-1 otherwise).
func lengthOf(s string) (length string, standIn int) {
	n := utf8.RuneCountInString(s)
	i := strings.Index(s, sentinelPrefix)
	if i < 0 {
		return strconv.Itoa(n), -1
	}
	j := strings.Index(s[i+len(sentinelPrefix):], sentinelSuffix)
	if j < 0 {
		return strconv.Itoa(n), -1
	}
	return s[i : i+len(sentinelPrefix)+j+len(sentinelSuffix)], n
}

// noteStandIn notes the stand-in of an unknown count or length (the first
// one noted for a sentinel stays).
func (ev *evaluator) noteStandIn(sentinel string, n int) {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if ev.standIns == nil {
		ev.standIns = map[string]int{}
	}
	if _, ok := ev.standIns[sentinel]; !ok {
		ev.standIns[sentinel] = n
	}
}

// bound is the stand-in of value when it is an unknown count's or
// length's, else fallback.
func (ev *evaluator) bound(value, fallback string) string {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if n, ok := ev.standIns[value]; ok {
		return strconv.Itoa(n)
	}
	return fallback
}

// arithTextMark prefixes opArith's last operand: the expansion's text,
// hex-encoded (arithTextWord), for the sentinel arithOf gives.
const arithTextMark = "\x1earith-text\x1e"

// arithTextWord is arithTextMark and the hex of ae's text ($((NGPU / 2))).
func arithTextWord(ae *syntax.ArithmExp) string {
	var sb strings.Builder
	if err := syntax.NewPrinter().Print(&sb, ae); err != nil {
		return arithTextMark
	}
	return arithTextMark + hex.EncodeToString([]byte(sb.String()))
}

// arithOf is what an arithmetic expansion (its text given by the operand
// arithTextWord made, "" if none) reading v, wholly a sentinel, gives: v
// itself when it stands for a count or a length (a stand-in's sentinel, as
// the count machinery wants it), else a sentinel of its own, "$((NGPU /
// 2)) of …": another unknown value than NGPU, never shown byte-identical
// to it (nor to $((NGPU * 2)) of it).
func (ev *evaluator) arithOf(v, text string) string {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if _, ok := ev.standIns[v]; ok || ev.closed {
		return v
	}
	if b, err := hex.DecodeString(strings.TrimPrefix(text, arithTextMark)); err == nil && len(b) > 0 {
		text = string(b)
	} else {
		text = "arithmetic"
	}
	id := len(ev.skipped)
	ev.skipped = append(ev.skipped, []string{text + " of " + v})
	return sentinel(id)
}

// wholeSentinel reports whether s is one sentinel and nothing else.
func wholeSentinel(s string) bool {
	return strings.HasPrefix(s, sentinelPrefix) && strings.HasSuffix(s, sentinelSuffix) && strings.Count(s, sentinelSuffix) == 2
}
