package parser

import (
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// selectMenu is a mode picked from a `select` menu of literal words
// (PS3="mode? "; select mode in serve bench kl; do break; done; case $mode
// in …): the user types the item's number. The dry run feeds no input (an
// earlier read would take it); it runs the menu as a loop over the word
// picked (SelectVar), with REPLY the item's number, as bash sets them.
type selectMenu struct {
	name  string   // the select's variable (mode)
	elems []string // the menu's words
	off   int      // the select clause's offset
	start int      // the select clause's offset in the source (Script.Off)
}

// SelectVar is the variable the dry run sets to the word a select menu
// over name picks: its rewrite runs `select name in W…` as `for name in
// ${V+"$V"}`, once with V set, never with V unset, as select ends at the
// end of its input.
func SelectVar(name string) string { return "__servelint_select_" + name }

// selectPick returns the select menu that picks a mode, when the script
// has exactly one menu of plain words at the top level (or in main "$@")
// whose variable nothing else writes: no assignment, no other loop over it,
// no declare or unset of it; and nothing else reads the input (no read,
// mapfile, readarray), which would take the line typed for the menu. Anything else is no pick (the menu's
// words are not known, or the variable holds something else too).
func (s *Script) selectPick(taken map[string]bool) *selectMenu {
	for _, c := range s.calls {
		if name, _ := LitValue(c.Args[0]); name == "read" || name == "mapfile" || name == "readarray" {
			return nil // read -rp "mode: " mode before the menu takes the line typed for it
		}
	}
	var found *selectMenu
	loops := map[string]int{}
	for _, fc := range s.forLoops {
		if wi, ok := fc.Loop.(*syntax.WordIter); ok && wi.Name != nil {
			loops[wi.Name.Value]++
		}
	}
	for _, fc := range s.forLoops {
		wi, ok := fc.Loop.(*syntax.WordIter)
		if !fc.Select || !ok || wi.Name == nil {
			continue
		}
		name := wi.Name.Value
		// The tree's own offset, as the dry run's copy of it has.
		m := &selectMenu{name: name, off: int(fc.Pos().Offset()), start: s.Off(fc.Pos())}
		for _, w := range wi.Items {
			if arr := allElems(w); arr != "" {
				// select mode in "${MODES[@]}", MODES=(serve bench) once
				elems := s.literalArray(arr)
				if elems == nil || slices.ContainsFunc(elems, func(v string) bool { return v == "" || strings.ContainsAny(v, "*?[{~") }) {
					return nil
				}
				m.elems = append(m.elems, elems...)
				continue
			}
			v, ok := LitValue(w)
			if !ok || v == "" || strings.ContainsAny(v, "*?[{~") {
				return nil // select f in *.yaml, "${CHANGING[@]}", {a,b}: not known here
			}
			m.elems = append(m.elems, v)
		}
		// select model in llama qwen: a menu without the proven mode's
		// name picks something else than the mode.
		if found != nil || !slices.Contains(m.elems, s.provenName) || !s.topAt(s.Off(fc.Pos())) || taken[name] || !isName(name) || shellOwnVar(name) ||
			loops[name] != 1 || len(s.Assigns[name]) > 0 || s.Declared[name] ||
			s.calledOn(name, varWriters...) {
			return nil
		}
		found = m
	}
	return found
}

// allElems returns the array a word expands to every element of, one
// word each ("${MODES[@]}", quoted), "" for any other word.
func allElems(w *syntax.Word) string {
	if len(w.Parts) != 1 {
		return ""
	}
	dq, ok := w.Parts[0].(*syntax.DblQuoted)
	if !ok || len(dq.Parts) != 1 {
		return ""
	}
	pe, ok := dq.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Exp != nil || pe.Excl || pe.Length || pe.Repl != nil || pe.Slice != nil || pe.Names != 0 || pe.Index == nil {
		return ""
	}
	if v, ok := pe.Index.(*syntax.Word); !ok || v.Lit() != "@" {
		return ""
	}
	return pe.Param.Value
}

// replyCandidates returns the modes a case on $REPLY names when the select
// menu that picks the mode (selectPick) sets it: `select m in serve bench;
// do case $REPLY in 1) … ;; 2) …`, the arm 2) bench's, as bash sets REPLY
// to the number typed. An arm whose number is no item's, or a glob, names
// none. nil when the case reads no such REPLY (nothing else may write it:
// selectPick allows no read).
func (s *Script) replyCandidates(c *syntax.CaseClause) []candidate {
	if s.selMenu == nil || len(s.Assigns["REPLY"]) > 0 || s.Declared["REPLY"] || s.calledOn("REPLY", varWriters...) || s.loopVars["REPLY"] {
		return nil
	}
	pe := SingleParam(c.Word)
	if pe == nil || pe.Param == nil || pe.Param.Value != "REPLY" || !plainParam(pe) || s.Off(c.Pos()) < s.selMenu.start || !s.topAt(s.Off(c.Pos())) {
		return nil
	}
	out := []candidate{}
	for it, before := range armsAfter(c) {
		r := caseItemRange(s, it)
		for _, p := range it.Patterns {
			v, ok := LitValue(p)
			if !ok || hasGlob(p.Lit()) || anyPatternMatches(before, v, false) {
				continue
			}
			i, err := strconv.Atoi(v)
			if err != nil || i < 1 || i > len(s.selMenu.elems) || strconv.Itoa(i) != v {
				continue
			}
			out = append(out, candidate{name: s.selMenu.elems[i-1], start: s.Off(p.Pos()), end: s.Off(p.End()), ranges: []Range{r}, group: c,
				empty: s.inertBranch(it.Stmts), exits: len(it.Stmts) > 0 && s.endsScriptAt(c, it.Stmts[len(it.Stmts)-1])})
		}
	}
	return out
}

// selectSelectors returns the select menu's variable as a selector
// (selectPick), when there is such a menu.
func (s *Script) selectSelectors(taken map[string]bool) ([]string, *selectMenu) {
	m := s.selectPick(taken)
	if m == nil {
		return nil, nil
	}
	return []string{m.name}, m
}

// readsSelect reports whether the selectors read in node are all ones
// holding the menu's pick (selectSelectors), and at least one is.
func (s *Script) readsSelect(n syntax.Node) bool { return s.readsOnly(n, s.selSelectors) }

// byMenu returns the 1-based item of the select menu that picks mode m:
// every test naming it reads a variable holding the menu's pick, none $1
// or the option, and the menu lists its name.
func (s *Script) byMenu(m *Mode) (int, bool) {
	if s.selMenu == nil || !m.bySel || m.byArg || m.byOpt || m.byArr || m.Self != "" {
		return 0, false
	}
	i := slices.Index(s.selMenu.elems, m.Name)
	return i + 1, i >= 0
}

// MenuPick says how the dry run picks mode m from a select menu: the
// variable it sets to the mode's name (SelectVar) and the number the user
// types, REPLY (`printf '2\n' | serve.sh`); "" when no menu picks it.
func (s *Script) MenuPick(m *Mode) (variable, reply string) {
	if i, ok := s.byMenu(m); ok {
		return SelectVar(s.selMenu.name), strconv.Itoa(i)
	}
	return "", ""
}

// SelectMenus returns the offsets of the select clauses the dry run runs
// as loops over the word picked, each with its variable (SelectVar).
// Only a menu that picks a mode is: any other stays a select, which ends
// at once on the dry run's empty input.
func (s *Script) SelectMenus() map[int]string {
	for _, m := range s.Modes {
		if _, ok := s.byMenu(m); ok {
			return map[int]string{s.selMenu.off: s.selMenu.name}
		}
	}
	return nil
}

// HasSelect reports whether the script holds a select clause anywhere
// (the dry run notes one that picks no mode: its input is empty there).
func (s *Script) HasSelect() bool {
	return slices.ContainsFunc(s.forLoops, func(fc *syntax.ForClause) bool { return fc.Select })
}
