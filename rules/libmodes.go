package rules

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/parser"
)

// checkLibModes is privateshape for the words a function of a sourced
// shell library gives the argv when a mode's branch calls it: kl) mode_kl
// ;; with mode_kl() { EXTRA=(--max-num-seqs 4); } in lib/modes.sh and
// exec vllm serve … "${EXTRA[@]}" is kl's own --max-num-seqs 4, as it is
// when mode_kl is the script's own function. The value lives in the
// library: the finding is at its line there. Only an array the function
// assigns whole, that the argv expands as words ("${EXTRA[@]}"), and a
// flag and value written literally in it count; a call the proven mode
// runs too is shared code, not a mode's own.
//
// Fix: the mode's copy is deleted from the library's array when the argv
// passes the flag on every mode's path (the shared one is the owner's, or
// reported on its own), and only when the edit cannot reach another
// script or the proven mode (parser.Unit.LibFixBlocker): otherwise the
// finding says why there is none.
func (c *Context) checkLibModes(pass *analysis.Pass, s *parser.Script) {
	u := c.Unit
	pm := s.Proven()
	if pm == nil || len(s.Invocations) == 0 {
		return
	}
	seen := map[*syntax.Word]bool{}
	for _, lc := range s.LibModeWrites() {
		if slices.Contains(lc.Modes, pm) {
			continue
		}
		var ms []*parser.Mode
		for _, m := range lc.Modes {
			if m.Disagg() || servesOtherModel(u, s, []*parser.Mode{m}) || Presets(u, s, pm, m) {
				continue
			}
			ms = append(ms, m)
		}
		if len(ms) == 0 {
			continue
		}
		for _, w := range lc.Writes {
			if w.Assign.Array == nil || w.Assign.Append {
				continue
			}
			name := w.Assign.Name.Value
			for _, inv := range s.Invocations {
				if inv.Profile == nil || !invRunsIn(inv, ms) || inv.Start >= 0 && inv.Start < lc.Call && s.TopLevel(s.FuncAt(inv.Start)) {
					continue
				}
				if !expandsArray(s, inv, name) || resetBetween(s, name, lc.Call, inv.Start, ms) {
					continue
				}
				c.checkLibArray(pass, s, inv, ms, lc, w, seen)
			}
		}
	}
}

// checkLibArray reports the owned shape flags array assignment w (in a
// library function the modes ms call at lc) hands invocation inv.
func (c *Context) checkLibArray(pass *analysis.Pass, s *parser.Script, inv *parser.Invocation, ms []*parser.Mode, lc parser.LibModeCall, w parser.LibWrite, seen map[*syntax.Word]bool) {
	u := c.Unit
	lib := w.Lib
	elems := w.Assign.Array.Elems
	for i, e := range elems {
		if e.Value == nil || e.Index != nil || seen[e.Value] {
			continue
		}
		v, ok := parser.LitValue(e.Value)
		if !ok || !strings.HasPrefix(v, "-") {
			continue
		}
		flag, val, inline := strings.Cut(v, "=")
		end := lib.Off(e.Value.End())
		if !inline {
			if i+1 >= len(elems) || elems[i+1].Value == nil || elems[i+1].Index != nil {
				continue
			}
			if val, ok = parser.LitValue(elems[i+1].Value); !ok {
				continue // "$OWNER", or a value not known here
			}
			end = lib.Off(elems[i+1].Value.End())
		}
		sf, ok := inv.Profile.Lookup(flag)
		if !ok {
			continue
		}
		owner, ok := u.Owner(s, inv.Profile, sf.Name)
		if !ok || allCalib(ms) && c.isCalibKnob(sf.Name) {
			continue
		}
		seen[e.Value] = true
		start := lib.Off(e.Value.Pos())
		msg := fmt.Sprintf("%s passes its own %s %s, set by %s() in %s, which %s calls; %s",
			parser.ModeNames(ms), flag, val, w.In, c.display(lib.Path), c.Where(s.Path, lc.Call), c.ownerText(owner))
		d := diag{sev: Error, path: lib.Path, start: start, end: end}
		if c.Files[lib.Path] == nil {
			// The library is not in the unit's files: the finding is at the
			// call, naming the library's line.
			line := 1 + bytes.Count(lib.Src[:min(start, len(lib.Src))], []byte("\n"))
			d.path, d.start, d.end = s.Path, lc.Call, lc.Call+len(lc.Writes[0].Func)
			msg += fmt.Sprintf(" (%s:%d)", c.display(lib.Path), line)
		}
		shared := slices.ContainsFunc(inv.Flags, func(f *parser.Flag) bool { return f.Canon == sf.Name && len(f.Modes) == 0 })
		why := ""
		switch {
		case d.path != lib.Path:
			why = "the library is not linted with the script"
		case !shared:
			why = fmt.Sprintf("the argv passes no %s on every mode's path to fall back on", flag)
		default:
			why = u.LibFixBlocker(s, w)
		}
		if why == "" {
			del, ok := elemsDelete(lib, elems, i, inline)
			if ok {
				d.fixMsg, d.edits = "delete the mode's own copy", []edit{del}
			} else {
				why = "the array holds a comment or spans lines there"
			}
		}
		if why != "" {
			msg += " (no fix: " + why + ")"
		}
		d.msg = msg
		c.report(pass, d)
	}
}

// elemsDelete returns the edit that deletes element i of an array (and
// the value after it unless inline) with the blank between it and its
// neighbour; ok is false when the span holds a comment or a newline.
func elemsDelete(lib *parser.Script, elems []*syntax.ArrayElem, i int, inline bool) (edit, bool) {
	last := i
	if !inline {
		last = i + 1
	}
	start, end := lib.Off(elems[i].Pos()), lib.Off(elems[last].End())
	switch {
	case last+1 < len(elems):
		end = lib.Off(elems[last+1].Pos())
	case i > 0:
		start = lib.Off(elems[i-1].End())
	}
	if start < 0 || end > len(lib.Src) || start > end {
		return edit{}, false
	}
	if bytes.ContainsAny(lib.Src[start:end], "#\n\\") {
		return edit{}, false
	}
	return edit{path: lib.Path, start: start, end: end}, true
}

// invRunsIn reports whether invocation inv runs in every mode of ms.
func invRunsIn(inv *parser.Invocation, ms []*parser.Mode) bool {
	return len(inv.Modes) == 0 || modesCover(inv.Modes, ms)
}

// modesCover reports whether have holds every mode of ms.
func modesCover(have, ms []*parser.Mode) bool {
	for _, m := range ms {
		if !slices.Contains(have, m) {
			return false
		}
	}
	return true
}

// expandsArray reports whether invocation inv hands the engine the words
// of array name: a word of the command, or an element of an array the
// argv expands, that is "${name[@]}" alone.
func expandsArray(s *parser.Script, inv *parser.Invocation, name string) bool {
	var words []*syntax.Word
	if inv.Call != nil {
		words = append(words, inv.Call.Args...)
	}
	arrays := map[string]bool{}
	for _, a := range inv.Args {
		if a.Array != "" && !arrays[a.Array] {
			arrays[a.Array] = true
			for _, as := range s.Assigns[a.Array] {
				if as.Array != nil {
					for _, e := range as.Array.Elems {
						words = append(words, e.Value)
					}
				}
			}
		}
	}
	for _, w := range words {
		pe := parser.SingleParam(w)
		if pe == nil || pe.Param == nil || pe.Param.Value != name || pe.Index == nil || pe.Exp != nil || pe.Length || pe.Excl {
			continue
		}
		if ix, ok := pe.Index.(*syntax.Word); ok {
			if v, _ := parser.LitValue(ix); v == "@" || v == "*" {
				return true
			}
		}
	}
	return false
}

// resetBetween reports whether code of the script that runs in every mode
// of ms (shared code, or code of theirs) may assign name between the call
// at call and the engine's start at inv: what the library wrote may be
// gone by then (a miss rather than a false alarm). An engine with no span
// here (a launcher's) is taken as reset, not known.
func resetBetween(s *parser.Script, name string, call, inv int, ms []*parser.Mode) bool {
	if inv < 0 {
		return true
	}
	for _, a := range s.Assigns[name] {
		if a.Start > call && a.Start < inv && (len(a.Modes) == 0 || modesCover(a.Modes, ms)) {
			return true
		}
	}
	return false
}
