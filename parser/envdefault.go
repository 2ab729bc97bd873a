package parser

import (
	"slices"

	"mvdan.cc/sh/v3/syntax"
)

// envDefault returns where an environment variable's own default names
// the proven mode outside functions: MODE=${MODE:-serve} (its sole
// assignment) or : "${MODE:=serve}". The script run as `MODE=bench
// serve.sh` boots bench; run with no MODE it boots the proven mode, as
// MODE=${1:-serve} does with no word. nil when there is none.
func (s *Script) envDefault(name, proven string) *syntax.Word {
	if s.envSet[name] {
		return nil // set by an env file the script's shell reads (withEnvFlags)
	}
	provenDef := func(pe *syntax.ParamExp, ops ...syntax.ParExpOperator) *syntax.Word {
		if pe == nil || pe.Param == nil || pe.Param.Value != name || pe.Exp == nil || pe.Excl || pe.Length || pe.Index != nil ||
			!slices.Contains(ops, pe.Exp.Op) {
			return nil
		}
		if v, ok := LitValue(pe.Exp.Word); ok && v == proven {
			return pe.Exp.Word
		}
		return nil
	}
	if as := s.Assigns[name]; len(as) == 1 {
		a := as[0]
		if a.Value == nil || len(a.Modes) > 0 || a.InFunc != "" || a.Append || a.Local || a.Conditional || a.Guarded {
			return nil
		}
		return provenDef(SingleParam(a.Value), syntax.DefaultUnset, syntax.DefaultUnsetOrNull)
	} else if len(as) > 1 || !s.fromEnvOnly(name) {
		return nil
	}
	// : "${MODE:=serve}": the null command's only word, outside functions.
	var w *syntax.Word
	for _, c := range s.calls {
		if len(c.Args) != 2 || !s.topAt(s.Off(c.Pos())) {
			continue
		}
		if cmd, ok := LitValue(c.Args[0]); !ok || cmd != ":" {
			continue
		}
		if d := provenDef(SingleParam(c.Args[1]), syntax.AssignUnset, syntax.AssignUnsetOrNull); d != nil {
			if w != nil {
				return nil
			}
			w = d
		}
	}
	return w
}

// envDefaultSelects reports whether an if/elif chain picks modes by an
// environment variable whose own default is the proven mode (envDefault)
// though no test names that mode: MODE=${MODE:-serve}; if [[ $MODE ==
// bench ]]; then exec … 512; fi; exec … "$MAX_NUM_SEQS". A test must name
// a word a mode can have; a count or a switch (N=${N:-serve} is not one:
// its default is the proven mode's name) never gets here.
// tested is testedNames with name the selector.
func (s *Script) envDefaultSelects(name, proven string, tested []string) bool {
	if s.envDefault(name, proven) == nil {
		return false
	}
	return slices.ContainsFunc(tested, func(v string) bool { return v != proven && modeName(v) && wordish(v) })
}

// envDefaultMode adds the proven mode an environment selector defaults to
// (envDefault) when no test names it and the shared launch boots it: the
// dry run sets the selector to its name, what the default gives.
func (s *Script) envDefaultMode() {
	for _, m := range s.Modes {
		if m.Func != "" || !m.byEnv || m.byArg || m.byOpt {
			return
		}
	}
	for _, name := range s.EnvSelectors {
		if w := s.envDefault(name, s.provenName); w != nil {
			st, en := s.Off(w.Pos()), s.Off(w.End())
			s.Modes = append(s.Modes, &Mode{Name: s.provenName, Start: st, End: en, token: modeToken(s.provenName), byEnv: true})
			return
		}
	}
}

// envDefaultSelectors returns the environment selectors whose own default
// is the proven mode (envDefault).
func (s *Script) envDefaultSelectors() []string {
	var out []string
	for _, name := range s.EnvSelectors {
		if s.envDefault(name, s.provenName) != nil {
			out = append(out, name)
		}
	}
	return out
}
