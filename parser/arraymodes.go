package parser

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/syntax"
)

// arraySel is a mode picked by an environment variable's value as an index
// into an array literal, as a Slurm array job picks it (MODES=(serve
// bench); MODE=${MODES[$SLURM_ARRAY_TASK_ID]}; case "$MODE" in …): the
// dry run evaluates mode X with the index variable set to X's index.
type arraySel struct {
	index string   // the index variable (SLURM_ARRAY_TASK_ID)
	array string   // the array's name (MODES)
	elems []string // the array literal's words
}

// indexOf returns the index of the first element named name, -1 when none
// is: bash's ${MODES[i]} for that i is the name.
func (as *arraySel) indexOf(name string) int {
	return slices.Index(as.elems, name)
}

// arrayPicks returns the array pick a top-level assignment's value is:
// ${MODES[$SLURM_ARRAY_TASK_ID]}, ${MODES[${SLURM_ARRAY_TASK_ID:-0}]},
// ${MODES[SLURM_ARRAY_TASK_ID]}, quoted or not, where MODES is an array
// literal of plain words assigned once at the top level (or in the body of
// main "$@", topFunc) and never changed
// (no +=, no MODES[i]=, no read -a or mapfile into it, no unset), and
// SLURM_ARRAY_TASK_ID comes from the environment (or defaults itself
// there once: ID=${ID:-0}). Anything else is no pick: which element it
// reads is not known before the run.
func (s *Script) arrayPick(w *syntax.Word) (*arraySel, bool) {
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil || pe.Index == nil || pe.Exp != nil || pe.Excl || pe.Length || pe.Repl != nil || pe.Slice != nil || pe.Names != 0 {
		return nil, false
	}
	idx := arithIndexVar(pe.Index)
	if idx == "" || !s.envIndex(idx) {
		return nil, false
	}
	arr := pe.Param.Value
	elems := s.literalArray(arr)
	if elems == nil {
		return nil, false
	}
	return &arraySel{index: idx, array: arr, elems: elems}, true
}

// literalArray returns the words of array arr when it is an array literal
// of plain words assigned once at the top level (or in the body of main
// "$@", topFunc) and never changed (no +=, no MODES[i]=, no read -a or
// mapfile into it, no unset); nil otherwise.
func (s *Script) literalArray(arr string) []string {
	as := s.Assigns[arr]
	if !isName(arr) || shellOwnVar(arr) || len(as) != 1 || s.writtenBy(arr, "read", "getopts", "mapfile", "readarray", "printf", "unset") {
		return nil
	}
	for _, c := range s.calls {
		if name, _ := LitValue(c.Args[0]); name == "unset" && slices.ContainsFunc(c.Args[1:], func(w *syntax.Word) bool {
			v, _ := LitValue(w)
			return strings.HasPrefix(v, arr+"[")
		}) {
			return nil // unset 'MODES[1]': the elements left are not the literal's
		}
	}
	a := as[0]
	if a.Array == nil || a.Append || a.Local || a.Conditional || a.Guarded || !s.topFunc(a.InFunc) || a.Prefix != nil || a.Value != nil {
		return nil
	}
	var elems []string
	for _, el := range a.Array.Elems {
		if el.Index != nil || el.Value == nil {
			return nil
		}
		v, ok := LitValue(el.Value)
		if !ok {
			return nil
		}
		elems = append(elems, v)
	}
	if len(elems) == 0 {
		return nil
	}
	return elems
}

// arithIndexVar returns the variable an array index reads as it is: $ID,
// ${ID}, ${ID:-0} (a number as default), or ID bare; "" for anything else.
func arithIndexVar(x syntax.ArithmExpr) string {
	w, ok := x.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return ""
	}
	switch p := w.Parts[0].(type) {
	case *syntax.Lit:
		if isName(p.Value) {
			return p.Value
		}
	case *syntax.ParamExp:
		if p.Param == nil || p.Index != nil || p.Excl || p.Length || p.Repl != nil || p.Slice != nil || !isName(p.Param.Value) {
			return ""
		}
		if p.Exp == nil {
			return p.Param.Value
		}
		if p.Exp.Op == syntax.DefaultUnset || p.Exp.Op == syntax.DefaultUnsetOrNull {
			if v, ok := LitValue(p.Exp.Word); ok {
				if _, err := strconv.Atoi(v); err == nil {
					return p.Param.Value
				}
			}
		}
	}
	return ""
}

// envIndex reports whether the index variable name comes from the
// environment: never written, or only defaulted once at the top level or
// in the body of main "$@" (ID=${ID:-0}).
func (s *Script) envIndex(name string) bool {
	if s.fromEnvOnly(name) {
		return true
	}
	as := s.Assigns[name]
	if !isName(name) || shellOwnVar(name) || len(as) != 1 || s.Declared[name] ||
		s.writtenBy(name, varWriters...) {
		return false
	}
	a := as[0]
	if !s.topFunc(a.InFunc) || a.Append || a.Local || a.Conditional || a.Guarded || a.Prefix != nil || selfDefault(a.Value) != name {
		return false
	}
	_, ok := selfDefaultValue(a.Value, name)
	return ok
}

// arraySelectors finds the variables assigned once, at the top level, an
// element of an array literal an environment variable indexes
// (arrayPick), not already selectors. All must pick from the same array
// by the same index (one Slurm task id); otherwise none are.
func (s *Script) arraySelectors(taken map[string]bool) ([]string, *arraySel) {
	var names []string
	var sel *arraySel
	for name, as := range s.Assigns {
		if taken[name] || len(as) != 1 || shellOwnVar(name) {
			continue
		}
		a := as[0]
		if a.Value == nil || a.Append || a.Local || a.Conditional || a.Guarded || a.Prefix != nil || !s.topFunc(a.InFunc) || len(a.Modes) > 0 {
			continue
		}
		if s.writtenBy(name, userInput...) {
			continue
		}
		p, ok := s.arrayPick(a.Value)
		if !ok || p.indexOf(s.provenName) < 0 {
			// MODELS=(llama qwen): a task's index picks a model, not the
			// mode; run as serve, no element is the proven mode.
			continue
		}
		if sel != nil && (sel.index != p.index || sel.array != p.array) {
			return nil, nil
		}
		sel = p
		names = append(names, name)
	}
	sort.Strings(names)
	return names, sel
}

// byIndex reports whether the dry run picks mode m by the array's index
// (arraySel): every test naming it reads a variable holding the array's
// element, none $1 or the option, and the array holds its name.
func (s *Script) byIndex(m *Mode) (int, bool) {
	if s.arrSel == nil || !m.byArr || m.byArg || m.byOpt || m.Self != "" {
		return -1, false
	}
	i := s.arrSel.indexOf(m.Name)
	return i, i >= 0
}

// readsArr reports whether the selectors read in node are all ones
// holding the array's element (arraySelectors), and at least one is.
func (s *Script) readsArr(n syntax.Node) bool { return s.readsOnly(n, s.arrSelectors) }

// readsOnly reports whether the selectors read in node are all in group
// (the array's or the select menu's: readsArr, readsSelect), and at least
// one is.
func (s *Script) readsOnly(n syntax.Node, group map[string]bool) bool {
	if n == nil || len(group) == 0 {
		return false
	}
	sel := map[string]bool{}
	for _, x := range s.Selectors {
		sel[x] = true
	}
	in, other := false, false
	shwalk.Walk(n, func(x syntax.Node) bool {
		if pe, ok := x.(*syntax.ParamExp); ok && pe.Param != nil && sel[pe.Param.Value] {
			if group[pe.Param.Value] {
				in = true
			} else {
				other = true
			}
		}
		return true
	})
	return in && !other
}

// SelectorValue is the value the dry run sets the environment selectors
// of EvalSelectors to for mode m: the mode's index in the array a Slurm
// array job picks it from (SLURM_ARRAY_TASK_ID=1), "" for the mode's
// own name.
func (s *Script) SelectorValue(m *Mode) string {
	if p := s.flagBase(m); p != nil {
		return s.SelectorValue(p) // the selectors pick the proven mode; the flag is ModeOptions' environment
	}
	if m.flagVar != "" {
		return m.flagVal // EVAL_ONLY=1
	}
	if i, ok := s.byIndex(m); ok {
		return strconv.Itoa(i)
	}
	return ""
}
