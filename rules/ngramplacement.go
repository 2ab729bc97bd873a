package rules

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/parser"
)

// NgramPlacement checks where each mode puts the n-gram table.
var NgramPlacement = &analysis.Analyzer{
	Name: "ngramplacement",
	Doc: `a calib mode that pins the n-gram table in RAM; scoring modes that place it differently

Law 4 (calib is the exception, in its own knobs): on a BF16 payload the
n-gram table is tens of GiB and --ngram-placement ram pins it beside a full
host pool: the calibration boot dies with "startup stopped: out of memory".
A calib mode must run --ngram-placement disk (ram is also the engine's
default, so leaving the flag out is the same mistake). Scoring (KL) modes
keep ram, and all of them the same: their numbers are only comparable at one
shape.

Fix: ram → disk at the span that produced the value in the calib mode.`,
	Requires: []*analysis.Analyzer{Model, DryRun},
	Run:      runNgramPlacement,
}

const ngramFlag = "--ngram-placement"

func runNgramPlacement(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	argvs := pass.ResultOf[DryRun].(*Argvs)
	// Only radiance scripts with a calib mode or two scoring modes are read.
	scripts := needing(c.Unit.Scripts, func(s *parser.Script) bool {
		prof, ok := firstProfile(s)
		if !ok || prof.Name != "radiance" {
			return false
		}
		scoring := 0
		for _, m := range s.Modes {
			switch m.Role {
			case parser.RoleCalib:
				return true
			case parser.RoleScoring:
				scoring++
			}
		}
		return scoring >= 2
	})
	argvs.Prefetch(scripts)
	for _, s := range scripts {
		var scoringVal string
		var scoringMode *parser.Mode
		for _, m := range s.Modes {
			val, known, span, absent := c.placement(s, m, argvs)
			if !known {
				continue
			}
			switch m.Role {
			case parser.RoleCalib:
				if val != "ram" {
					continue
				}
				d := diag{sev: Error, path: s.Path, start: m.Start, end: m.End,
					msg: fmt.Sprintf("%s runs with the n-gram table in RAM (--ngram-placement ram%s): beside a full host pool the calibration boot dies with \"startup stopped: out of memory\"; a calib tap must run --ngram-placement disk", m.Label(), defaultNote(span, absent))}
				if span != nil {
					d.path, d.start, d.end = span.path, span.start, span.end
					if span.literal {
						d.fixMsg, d.edits = "place the n-gram table on disk", []edit{{span.path, span.start, span.end, "disk"}}
					}
				}
				c.report(pass, d)
			case parser.RoleScoring:
				if scoringMode == nil {
					scoringMode, scoringVal = m, val
					continue
				}
				if val != scoringVal {
					d := diag{sev: Error, path: s.Path, start: m.Start, end: m.End,
						msg: fmt.Sprintf("%s places the n-gram table on %s where %s places it on %s: scoring numbers are only comparable at one shape", m.Label(), val, scoringMode.Label(), scoringVal)}
					if span != nil {
						d.path, d.start, d.end = span.path, span.start, span.end
					}
					c.report(pass, d)
				}
			}
		}
	}
	return nil, nil
}

// namesFlagsLate reports whether an engine invocation m reaches holds a word
// that names a flag only when run ("--$k", an element of an argv built in
// a loop over an option map): read statically, the flag's absence says
// nothing, and a mode the dry run could not evaluate has no placement.
func namesFlagsLate(s *parser.Script, m *parser.Mode) bool {
	for _, inv := range s.Invocations {
		if len(inv.Modes) > 0 && !containsMode(inv.Modes, m) {
			continue
		}
		for _, a := range inv.Args {
			if a.Sketch == parser.Unknown && a.Word != nil && len(a.Word.Parts) > 0 && lateFlagName(a.Word) {
				return true
			}
		}
	}
	return false
}

// lateFlagName reports whether w starts with a literal dash followed by an
// expansion: "--$k", --"${name}"=…, whose flag name is known only when run.
func lateFlagName(w *syntax.Word) bool {
	parts := w.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) < 2 {
		return false
	}
	lit, ok := parts[0].(*syntax.Lit)
	if !ok || !strings.HasPrefix(lit.Value, "-") || strings.Contains(lit.Value, "=") {
		return false
	}
	switch parts[1].(type) {
	case *syntax.ParamExp, *syntax.CmdSubst, *syntax.DblQuoted:
		return true
	}
	return false
}

type span struct {
	path       string
	start, end int
	// literal is true when the span is the literal word ram itself, written
	// in the mode's own code (so replacing it changes that mode alone).
	literal bool
	// shared is the line of a value set in code other modes run too, 0 if
	// not; by names them ("" for every mode).
	shared int
	by     string
}

// defaultNote says where a calib mode's ram comes from: the engine's
// default when no argv of the mode passes the flag (absent), the code
// other modes share, or nothing more (a value passed in a way the script's
// text does not show, opt[ngram-placement]=ram read by "--$k").
func defaultNote(sp *span, absent bool) string {
	switch {
	case sp == nil && absent:
		return ", the engine default"
	case sp == nil:
		return ""
	case sp.shared > 0 && sp.by != "":
		return fmt.Sprintf(", set for %s at line %d", sp.by, sp.shared)
	case sp.shared > 0:
		return fmt.Sprintf(", set for every mode at line %d", sp.shared)
	}
	return ""
}

// placement returns a mode's n-gram placement: from its dry-run argv when
// evaluated, else from the static flags; "ram" (the engine default) when the
// flag is absent, said by absent.
func (c *Context) placement(s *parser.Script, m *parser.Mode, argvs *Argvs) (val string, known bool, sp *span, absent bool) {
	if r := argvs.Of(s, m.Name); r != nil && r.Err == nil && len(r.Argv) > 0 {
		_, flags := ParseArgv(r)
		if f, ok := flags[ngramFlag]; ok {
			if f.Unresolved {
				return "", false, nil, false
			}
			val, known = f.Value, true
		} else {
			val, known, absent = "ram", true, true
		}
	}
	f := modeFlag(s, m, ngramFlag)
	if f == nil || f.ValStart < 0 {
		if !known && len(s.Invocations) > 0 && !namesFlagsLate(s, m) {
			return "ram", true, nil, true
		}
		return val, known, nil, absent
	}
	sp = &span{path: s.Path, start: f.ValStart, end: f.ValEnd}
	for _, o := range s.Origins(f.Value, f.ValStart, f.Modes, c.Unit.EnvKeysOf(s)) {
		if o.Modes != nil && !containsMode(o.Modes, m) {
			continue
		}
		if o.Kind == parser.OriginLiteral {
			// Written in code only calib modes run (this one among them):
			// a literal in a function other modes call too (mode_serve,
			// called by mode_calib) is theirs as well, and ram -> disk
			// there would move them; in `calib|calib-long)` it moves
			// calib modes alone, each of which must run disk.
			at := s.ModesAt(o.Start)
			own := containsMode(at, m) && allCalib(at) || containsMode(f.Modes, m) && len(f.Modes) == 1 && len(o.Chain) == 0
			sp = &span{path: s.Path, start: o.Start, end: o.End, literal: own && s.Text(o.Start, o.End) == o.Value}
			if !own {
				sp.shared, sp.by = s.Line(o.Start), parser.ModeNames(at)
			}
			if !known {
				val, known = o.Value, true
			}
		}
		if o.Kind == parser.OriginEnvKey {
			if d, ok := c.Unit.EnvLookup(s, o.Key); ok {
				// Only a key of calib's own (FRANK_CALIB_NGRAM_PLACEMENT) is
				// fixed in place: another key is read by every mode.
				own := s.ModeTokens(o.Key) == m
				sp = &span{path: d.File.Path, start: d.Entry.ValStart, end: d.Entry.ValEnd, literal: own && d.Entry.Raw == "ram"}
				if !known {
					val, known = d.Entry.Raw, true
				}
			}
		}
	}
	return val, known, sp, absent
}
