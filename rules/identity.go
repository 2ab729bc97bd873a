package rules

import (
	"slices"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// sharedIdentity reports whether the arithmetic or computed origin o of
// flag f's value is a cleanup of the owner that every mode shares and that
// leaves the owner's value as it is: MAX_NUM_SEQS=${MAX_NUM_SEQS%$'\r'},
// seqs="${MAX_NUM_SEQS//[[:space:]]/}" or seqs=$((MAX_NUM_SEQS)) at the
// top level, read by each mode's flag. Every mode then boots the owner's
// own number: nothing private. Decided by evaluating the expression (no
// command, the owner's key its only variable) on the owner's env value;
// $((MAX_NUM_SEQS / 2)) or ${MAX_NUM_SEQS:-256}-style changes, or a copy
// a mode writes itself, are not this. Only where the owner key is not
// assigned in the script but by o's own chain: its value there is the env
// file's (an assignment in another mode does not reach modes).
func sharedIdentity(s *parser.Script, f *parser.Flag, owner parser.Owner, o parser.Origin, modes []*parser.Mode) bool {
	if o.Kind != parser.OriginArith && o.Kind != parser.OriginExpr || o.End <= o.Start {
		return false
	}
	for _, r := range o.Refs {
		if r != owner.Key {
			return false
		}
	}
	// On the shared path: the expression and every assignment it went
	// through outside any mode.
	if len(s.ModesAt(o.Start)) > 0 {
		return false
	}
	for _, a := range o.Chain {
		if len(a.Modes) > 0 || len(s.ModesAt(a.Start)) > 0 {
			return false
		}
	}
	for _, a := range s.Assigns[owner.Key] {
		// bench) MAX_NUM_SEQS=256 ;; does not reach serve's value.
		if !slices.Contains(o.Chain, a) && (len(a.Modes) == 0 || slices.ContainsFunc(a.Modes, func(m *parser.Mode) bool { return slices.Contains(modes, m) })) {
			return false
		}
	}
	want, ok := plainEnvValue(owner.Def.Entry)
	if !ok || strings.TrimSpace(want) == "" {
		return false
	}
	w := originWord(s, f, o)
	if w == nil {
		return false
	}
	quoting := false
	shwalk.Walk(w, func(n syntax.Node) bool {
		// ${X@Q} is '64' in bash: the @ operators are not read here.
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Exp != nil && pe.Exp.Op == syntax.OtherParamOps {
			quoting = true
		}
		return !quoting
	})
	if quoting {
		return false
	}
	got, err := expand.Literal(&expand.Config{Env: expand.ListEnviron(owner.Key + "=" + want)}, w)
	return err == nil && strings.TrimSpace(got) == strings.TrimSpace(want) && got != ""
}

// originWord finds the word o spans: the value of the last assignment of
// its chain, the flag's own value, or any word of the script there.
func originWord(s *parser.Script, f *parser.Flag, o parser.Origin) *syntax.Word {
	span := func(w *syntax.Word) bool {
		return w != nil && s.Off(w.Pos()) == o.Start && s.Off(w.End()) == o.End
	}
	if n := len(o.Chain); n > 0 && span(o.Chain[n-1].Value) {
		return o.Chain[n-1].Value
	}
	if span(f.Value) {
		return f.Value
	}
	var found *syntax.Word
	shwalk.Walk(s.File, func(n syntax.Node) bool {
		if found != nil {
			return false
		}
		if w, ok := n.(*syntax.Word); ok && span(w) {
			found = w
		}
		return true
	})
	return found
}
