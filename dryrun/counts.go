package dryrun

import (
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

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

// opCount prints the count of the array args[0] (see above).
const opCount = "count"

// countRE matches ${#NAME[@]} and ${#NAME[*]}: Eval runs the rewritten
// copy when the script holds one (Prepared.counts).
var countRE = regexp.MustCompile(`\$\{#[A-Za-z_][A-Za-z0-9_]*\[[@*]\]\}`)

// counts reports whether src holds an array count (countRE), once per
// Prepared.
func (p *Prepared) counts(src []byte) bool {
	p.countOnce.Do(func() { p.count = countRE.Match(src) })
	return p.count
}

// rewriteCounts makes each count of a split array of f an internal count;
// it reports whether it changed any.
func rewriteCounts(f *syntax.File) bool {
	split := splitArrays(f)
	if len(split) == 0 {
		return false
	}
	changed := false
	replace := func(parts []syntax.WordPart) {
		for i, p := range parts {
			pe, ok := p.(*syntax.ParamExp)
			if !ok || !isSplitCount(pe, split) {
				continue
			}
			op := &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(internalCmd), litWord(opCount), litWord(pe.Param.Value)}}}
			parts[i] = &syntax.CmdSubst{Left: pe.Pos(), Right: pe.End(), Stmts: []*syntax.Stmt{op}}
			changed = true
		}
	}
	var visit func(n syntax.Node) bool
	visit = func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Word:
			replace(x.Parts)
		case *syntax.DblQuoted:
			replace(x.Parts)
		case *syntax.ForClause:
			if _, ok := x.Loop.(*syntax.CStyleLoop); ok {
				// for ((i = 0; i < ${#gpus[@]}; i++)): a loop over the
				// array runs once, as `for g in "${gpus[@]}"` does over
				// its one element; a count of 0 would skip it.
				for _, st := range x.Do {
					syntax.Walk(st, visit)
				}
				return false
			}
		case *syntax.WhileClause:
			for _, st := range x.Do { // its condition is the loop's bound
				syntax.Walk(st, visit)
			}
			return false
		}
		return true
	}
	syntax.Walk(f, visit)
	return changed
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
	syntax.Walk(f, func(n syntax.Node) bool {
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
// when every element is wholly one.
func countOf(v expand.Variable) string {
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
		return "0"
	}
	first := ""
	for _, e := range elems {
		if !wholeSentinel(strings.TrimRight(e, "\n")) {
			return strconv.Itoa(len(elems))
		}
		if first == "" {
			first = strings.TrimRight(e, "\n")
		}
	}
	return first
}

// wholeSentinel reports whether s is one sentinel and nothing else.
func wholeSentinel(s string) bool {
	return strings.HasPrefix(s, sentinelPrefix) && strings.HasSuffix(s, sentinelSuffix) && strings.Count(s, sentinelSuffix) == 2
}
