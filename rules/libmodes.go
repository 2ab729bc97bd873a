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
		var ms []*parser.Mode
		for _, m := range lc.Modes {
			if m != pm && (m.Disagg() || servesOtherModel(u, s, []*parser.Mode{m}) || Presets(u, s, pm, m)) {
				continue
			}
			ms = append(ms, m)
		}
		if slices.Contains(ms, pm) && (pm.Disagg() || servesOtherModel(u, s, []*parser.Mode{pm})) {
			continue // per-model presets, or roles: the proven one's numbers are its own
		}
		if len(ms) == 0 {
			continue
		}
		// The last whole assignment of a name in a function replaces those
		// before it there (a branch's may be missed).
		last := map[[2]string]int{}
		for _, w := range lc.Writes {
			if k := [2]string{w.In, w.Assign.Name.Value}; !w.Assign.Append && w.Start > last[k] {
				last[k] = w.Start
			}
		}
		for _, w := range lc.Writes {
			if w.Start < last[[2]string{w.In, w.Assign.Name.Value}] {
				continue
			}
			if w.Assign.Value != nil && !w.Assign.Append {
				c.checkLibScalar(pass, s, ms, lc, w, seen)
				continue
			}
			if w.Assign.Array == nil {
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
		msg += c.libAtCall(&d, s, lc, w)
		shared := slices.ContainsFunc(inv.Flags, func(f *parser.Flag) bool { return f.Canon == sf.Name && len(f.Modes) == 0 })
		why := c.libFixWhy(s, ms, w, d, owner, !shared)
		if why == "" && shared {
			if del, ok := elemsDelete(lib, elems, i, inline); ok {
				d.fixMsg, d.edits = "delete the mode's own copy", []edit{del}
			} else {
				why = "the array holds a comment or spans lines there"
			}
		} else if why == "" {
			// No copy on the shared path to fall back on: the value
			// becomes the owner's.
			ref := `"$` + owner.Key + `"`
			if inline {
				d.edits = []edit{{lib.Path, start, end, flag + "=" + ref}}
			} else {
				vw := elems[i+1].Value
				d.edits = []edit{{lib.Path, lib.Off(vw.Pos()), lib.Off(vw.End()), ref}}
			}
			d.fixMsg = "use $" + owner.Key
		}
		if why != "" {
			msg += " (no fix: " + why + ")"
		}
		d.msg = msg
		c.report(pass, d)
	}
}

// checkLibScalar reports the owned shape flag whose value is the sole
// expansion of the variable that assignment w (in a library function the
// modes ms call at lc) sets to a literal: mode_kl() { SEQS=4; } with
// --max-num-seqs "$SEQS" on the shared launch line. Fix: the literal
// becomes "$OWNER" (libFixWhy).
func (c *Context) checkLibScalar(pass *analysis.Pass, s *parser.Script, ms []*parser.Mode, lc parser.LibModeCall, w parser.LibWrite, seen map[*syntax.Word]bool) {
	u := c.Unit
	name := w.Assign.Name.Value
	val, ok := parser.LitValue(w.Assign.Value)
	if !ok || seen[w.Assign.Value] {
		return
	}
	for _, inv := range s.Invocations {
		if inv.Profile == nil || !invRunsIn(inv, ms) || inv.Start < 0 || inv.Start < lc.Call && s.TopLevel(s.FuncAt(inv.Start)) || resetBetween(s, name, lc.Call, inv.Start, ms) {
			continue
		}
		for _, f := range inv.Flags {
			if f.Shape == nil || f.Value == nil || len(f.Modes) > 0 && !modesCover(f.Modes, ms) {
				continue
			}
			pe := parser.SingleParam(f.Value)
			if pe == nil || pe.Param == nil || pe.Param.Value != name || pe.Index != nil || pe.Exp != nil || pe.Length || pe.Excl || pe.Slice != nil || pe.Repl != nil {
				continue
			}
			owner, ok := u.Owner(s, inv.Profile, f.Canon)
			if !ok || allCalib(ms) && c.isCalibKnob(f.Canon) || seen[w.Assign.Value] {
				continue
			}
			seen[w.Assign.Value] = true
			lib := w.Lib
			start, end := lib.Off(w.Assign.Value.Pos()), lib.Off(w.Assign.Value.End())
			msg := fmt.Sprintf("%s sets %s=%s in %s() in %s, which %s calls, so %s gets %s; %s",
				parser.ModeNames(ms), name, val, w.In, c.display(lib.Path), c.Where(s.Path, lc.Call), f.Name, val, c.ownerText(owner))
			d := diag{sev: Error, path: lib.Path, start: start, end: end}
			msg += c.libAtCall(&d, s, lc, w)
			why := c.libFixWhy(s, ms, w, d, owner, true)
			if why == "" && name == owner.Key {
				why = fmt.Sprintf("%s is the owner's own variable; the assignment is the library's statement", name)
			}
			if why == "" {
				d.fixMsg, d.edits = "use $"+owner.Key, []edit{{lib.Path, start, end, `"$` + owner.Key + `"`}}
			} else {
				msg += " (no fix: " + why + ")"
			}
			d.msg = msg
			c.report(pass, d)
		}
	}
}

// libAtCall moves finding d on library w.Lib to the call at lc when the
// library is not in the unit's files, and returns what the message then
// adds: the library's line.
func (c *Context) libAtCall(d *diag, s *parser.Script, lc parser.LibModeCall, w parser.LibWrite) string {
	if c.Files[w.Lib.Path] != nil {
		return ""
	}
	line := w.Lib.Line(min(d.start, len(w.Lib.Src)))
	d.path, d.start, d.end = s.Path, lc.Call, lc.Call+len(w.Func)
	return fmt.Sprintf(" (%s:%d)", c.display(w.Lib.Path), line)
}

// libFixWhy says why a fix in the library may not be offered for a
// finding d of the modes ms on w, "" when it may: the library must be
// linted with the script (the finding at its line), the edit must reach
// no other script nor the proven mode (parser.Unit.LibFixBlocker), and,
// when the fix writes "$OWNER" (ownerRef), the modes' shell must have it.
func (c *Context) libFixWhy(s *parser.Script, ms []*parser.Mode, w parser.LibWrite, d diag, owner parser.Owner, ownerRef bool) string {
	u := c.Unit
	if d.path != w.Lib.Path {
		return "the library is not linted with the script"
	}
	if pm := s.Proven(); pm != nil && slices.Contains(ms, pm) {
		return fmt.Sprintf("%s, the proven mode, boots with it; the edit would change what %s boots with", pm.Name, pm.Name)
	}
	if why := u.LibFixBlocker(s, w); why != "" {
		return why
	}
	if ownerRef && !u.ShellReads(s, owner.Def.File) {
		return fmt.Sprintf("the script's shell has no $%s, %s reaches only the commands it runs", owner.Key, c.display(owner.Def.File.Path))
	}
	if ownerRef && !u.ShellReadsIn(s, owner.Def.File, ms) {
		return fmt.Sprintf("%s's path does not source %s, so $%s is unset there", parser.ModeNames(ms), c.display(owner.Def.File.Path), owner.Key)
	}
	return ""
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

// checkLibTopLiteral is privateshape for a flag and literal value of a
// sourced library's top-level array that only modes other than the
// proven one boot with: _common.sh's ARGS=(--max-num-seqs 256) and bench)
// exec vllm serve "$MODEL" "${ARGS[@]}" while serve) passes
// --max-num-seqs "$MAX_NUM_SEQS" and serve.env owns MAX_NUM_SEQS=128.
// The value lives in the library: the finding is at its line there (at
// the source statement when the library is not linted). Only a value that
// differs from the owner's known one; not a disaggregated role's, another
// model's, per-mode presets, calib's own knob.
//
// Fix: the literal becomes "$OWNER", only where the edit reaches no other
// script nor the proven mode and the shell has the key when the library
// assigns the array (parser.Unit.LibLiteralFixBlocker).
func (c *Context) checkLibTopLiteral(pass *analysis.Pass, s *parser.Script, inv *parser.Invocation) {
	u := c.Unit
	pm := s.Proven()
	if pm == nil || inv.Profile == nil {
		return
	}
	env := u.EnvKeysOf(s)
	for _, f := range inv.Flags {
		if f.Shape == nil || f.ValStart >= 0 {
			continue
		}
		o, ok := f.LibOrigin(env)
		if !ok || o.Kind != parser.OriginLiteral {
			continue
		}
		val, fw := f.LibWordOf()
		if val == nil {
			continue
		}
		// The modes that expand the library's array: those of the word
		// that reads it ("${ARGS[@]}" in bench's branch, or in an array
		// bench's branch assigns), of the launch when that word is shared.
		ms := s.ModesAt(val.Use)
		if len(ms) == 0 {
			ms = inv.Modes
		} else if len(inv.Modes) > 0 && !modesCover(inv.Modes, ms) {
			continue
		}
		if len(ms) == 0 || slices.Contains(ms, pm) || libCopyOverridden(inv, f, ms) || provenBootsLib(s, pm, f, val) {
			continue
		}
		if slices.ContainsFunc(ms, func(m *parser.Mode) bool {
			return m.Disagg() || servesOtherModel(u, s, []*parser.Mode{m}) || Presets(u, s, pm, m)
		}) || allCalib(ms) && c.isCalibKnob(f.Canon) {
			continue
		}
		owner, ok := u.Owner(s, inv.Profile, f.Canon)
		if !ok || owner.Def.File == nil || owner.Def.Entry == nil {
			continue
		}
		ov, ok := plainEnvValue(owner.Def.Entry)
		if !ok {
			if b := owner.Def.Entry.Bash; b.Defined && b.Err == "" && !b.Dynamic {
				ov, ok = b.Value, true
			}
		}
		if !ok || ov == o.Value {
			continue
		}
		start := val.Start
		if fw != nil {
			start = fw.Start
		}
		msg := fmt.Sprintf("%s passes its own %s %s, set at the top level of %s, which %s sources; %s",
			parser.ModeNames(ms), f.Name, o.Value, c.display(val.Path), c.Where(s.Path, val.Src), c.ownerText(owner))
		d := diag{sev: Error, path: val.Path, start: start, end: val.End}
		why := ""
		if c.Files[val.Path] == nil {
			line := val.Line
			if fw != nil {
				line = fw.Line
			}
			msg += fmt.Sprintf(" (%s:%d)", c.display(val.Path), line)
			d.path, d.start, d.end = s.Path, val.Src, val.Src
			why = "the library is not linted with the script"
		} else {
			why = u.LibLiteralFixBlocker(s, val, owner.Def.File.Path, owner.Key)
		}
		if why == "" && !u.ShellReadsIn(s, owner.Def.File, ms) {
			why = fmt.Sprintf("%s's path does not source %s, so $%s is unset there", parser.ModeNames(ms), c.display(owner.Def.File.Path), owner.Key)
		}
		ed := edit{val.Path, val.Start, val.End, `"$` + owner.Key + `"`}
		if f.Inline && why == "" {
			// --max-num-seqs=256: only the value is rewritten,
			// --max-num-seqs="$OWNER" ("--max-num-seqs=$OWNER" inside
			// the word's double quotes).
			switch {
			case val.ValQuote == '\'':
				why = fmt.Sprintf("the value is in single quotes, where $%s would not expand", owner.Key)
			case val.ValStart < 0:
				why = fmt.Sprintf("the value of %s is not a plain literal to rewrite alone", f.Name)
			case val.ValQuote == '"':
				ed = edit{val.Path, val.ValStart, val.ValEnd, "$" + owner.Key}
			default:
				ed = edit{val.Path, val.ValStart, val.ValEnd, `"$` + owner.Key + `"`}
			}
		}
		if why == "" {
			d.fixMsg, d.edits = "use $"+owner.Key, []edit{ed}
		} else {
			msg += " (no fix: " + why + ")"
		}
		d.msg = msg
		c.report(pass, d)
	}
}

// libCopyOverridden reports whether the launch passes flag f again after
// it, in every mode of ms (bench) … "${ARGS[@]}" --max-num-seqs
// "$MAX_NUM_SEQS"): the engine takes the later copy, the library's is
// dead, and the later one is reported on its own if it is a mode's.
func libCopyOverridden(inv *parser.Invocation, f *parser.Flag, ms []*parser.Mode) bool {
	after := false
	for _, g := range inv.Flags {
		if g == f {
			after = true
			continue
		}
		if after && g.Canon == f.Canon && (len(g.Modes) == 0 || modesCover(g.Modes, ms)) {
			return true
		}
	}
	return false
}

// provenBootsLib reports whether the proven mode boots with the same
// library word for f's flag (serve) … "${ARGS[@]}" ;; too): the value is
// the proven shape, shared with the mode, not the mode's own. Not where
// the proven mode's launch passes the flag again after it (serve) …
// "${ARGS[@]}" --max-num-seqs "$OWNER"): the engine takes the later copy,
// the library's is dead there.
func provenBootsLib(s *parser.Script, pm *parser.Mode, f *parser.Flag, val *parser.LibWord) bool {
	for _, inv := range s.Invocations {
		for _, g := range inv.Flags {
			if g == f || g.Canon != f.Canon {
				continue
			}
			w, _ := g.LibWordOf()
			if w == nil || w.Path != val.Path || w.Start != val.Start {
				continue
			}
			ms := s.ModesAt(w.Use)
			if len(ms) == 0 {
				ms = inv.Modes
			}
			if len(ms) == 0 || slices.Contains(ms, pm) {
				if !libCopyOverridden(inv, g, []*parser.Mode{pm}) {
					return true
				}
			}
		}
	}
	return false
}
