package dryrun

import (
	"errors"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Spans map each engine argv element back to a word of the script, best
// effort. interp does not say which word produced which field, so words are
// matched by value instead:
//
//   - the script's word lists (each command's arguments, each array literal
//     `a=(…)`/`a+=(…)`, each scalar assignment's value) are expanded with
//     the variables as they were when the engine was invoked; a word with a
//     command substitution is a wildcard matching an unresolved element; a
//     word that splices a list ("${a[@]}", "$@") separates runs;
//   - the argv is then covered greedily by the longest runs of consecutive
//     words whose values equal consecutive elements; ties prefer the engine
//     command itself, then the word nearest after the previous match.
//
// So `args+=(--max-num-seqs "$seqs" --max-num-batched-tokens 65536)` in the
// bench branch wins over the same flags in the serve branch, because its
// values match for the whole run. An element no word matches gets -1, -1.
// Only the main script's words are considered.

type fieldRef struct {
	val  string
	wild bool // from a word with a command substitution
	sep  bool // a splice: ends runs
	span Span
}

type wordGroup struct {
	fields []fieldRef
	engine bool // the engine command's own words
}

type cand struct{ g, k int }

var errNoSubst = errors.New("substitution not expanded")

// computeSpans returns one span per argv element.
func computeSpans(file *syntax.File, srcLen int, argv []string, unresolved map[int]bool, env expand.Environ, enginePos syntax.Pos) []Span {
	spans := make([]Span, len(argv))
	for i := range spans {
		spans[i] = Span{-1, -1}
	}
	if file == nil || len(argv) == 0 {
		return spans
	}
	groups := collectGroups(file, srcLen, env, enginePos)
	index := map[string][]cand{}
	var wilds []cand
	for g, grp := range groups {
		for k, f := range grp.fields {
			switch {
			case f.sep:
			case f.wild:
				wilds = append(wilds, cand{g, k})
			default:
				index[f.val] = append(index[f.val], cand{g, k})
			}
		}
	}
	runLen := func(c cand, j int) int {
		fs := groups[c.g].fields
		m := 0
		for c.k+m < len(fs) && j+m < len(argv) {
			f := fs[c.k+m]
			matches := (!f.wild && f.val == argv[j+m]) || (f.wild && unresolved[j+m])
			if f.sep || !matches {
				break
			}
			m++
		}
		return m
	}
	prevEnd := 0
	for j := 0; j < len(argv); {
		cands := index[argv[j]]
		if unresolved[j] {
			cands = append(append([]cand(nil), cands...), wilds...)
		}
		best, bestRun := cand{-1, -1}, 0
		better := func(c cand, run int) bool {
			if run != bestRun {
				return run > bestRun
			}
			ge, be := groups[c.g].engine, groups[best.g].engine
			if ge != be {
				return ge
			}
			co, bo := groups[c.g].fields[c.k].span.Start, groups[best.g].fields[best.k].span.Start
			cf, bf := co >= prevEnd, bo >= prevEnd
			if cf != bf {
				return cf
			}
			if cf {
				return co < bo
			}
			return co > bo
		}
		for _, c := range cands {
			if run := runLen(c, j); run > 0 && (best.g < 0 || better(c, run)) {
				best, bestRun = c, run
			}
		}
		if best.g < 0 {
			j++
			continue
		}
		fs := groups[best.g].fields
		for m := 0; m < bestRun; m++ {
			spans[j+m] = fs[best.k+m].span
		}
		prevEnd = fs[best.k+bestRun-1].span.End
		j += bestRun
	}
	return spans
}

// collectGroups expands the script's word lists.
func collectGroups(file *syntax.File, srcLen int, env expand.Environ, enginePos syntax.Pos) []wordGroup {
	cfg := &expand.Config{
		Env:       env,
		ProcSubst: func(*syntax.ProcSubst) (string, error) { return "", errNoSubst },
	}
	var groups []wordGroup
	add := func(words []*syntax.Word, engine bool) {
		var g wordGroup
		g.engine = engine
		for _, w := range words {
			g.fields = append(g.fields, expandWord(cfg, w, srcLen)...)
		}
		if len(g.fields) > 0 {
			groups = append(groups, g)
		}
	}
	shwalk.Walk(file, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				p := x.Args[0].Pos()
				add(x.Args, enginePos.IsValid() && p.Offset() == enginePos.Offset() && p.Line() == enginePos.Line())
			}
		case *syntax.Assign:
			switch {
			case x.Array != nil:
				words := make([]*syntax.Word, 0, len(x.Array.Elems))
				for _, e := range x.Array.Elems {
					if e.Value != nil {
						words = append(words, e.Value)
					}
				}
				add(words, false)
			case x.Value != nil && x.Name != nil:
				add([]*syntax.Word{x.Value}, false)
			}
		}
		return true
	})
	return groups
}

// expandWord expands one word into its fields, each with the word's span.
func expandWord(cfg *expand.Config, w *syntax.Word, srcLen int) (fields []fieldRef) {
	span := Span{int(w.Pos().Offset()), int(w.End().Offset())}
	if span.Start < 0 || span.End > srcLen || span.Start > span.End {
		span = Span{-1, -1}
	}
	splice, subst := false, false
	shwalk.Walk(w, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			subst = true
			return false
		case *syntax.ParamExp:
			if x.Param != nil && (x.Param.Value == "@" || x.Param.Value == "*") {
				splice = true
			}
			if x.Names != 0 {
				splice = true
			}
			if idx, ok := x.Index.(*syntax.Word); ok {
				if l := idx.Lit(); l == "@" || l == "*" {
					splice = true
				}
			}
		}
		return true
	})
	switch {
	case splice:
		return []fieldRef{{sep: true}}
	case subst:
		return []fieldRef{{wild: true, span: span}}
	}
	defer func() {
		if recover() != nil {
			fields = []fieldRef{{sep: true}}
		}
	}()
	vals, err := expand.Fields(cfg, w)
	if err != nil {
		return []fieldRef{{sep: true}}
	}
	for _, v := range vals {
		fields = append(fields, fieldRef{val: v, span: span})
	}
	return fields
}
