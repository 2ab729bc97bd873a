package dryrun

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// Callers' values the boot needs.
//
// A variable the caller supplies (a pod's LWS_WORKER_INDEX, a job's
// NODE_ROLE) is a placeholder in the dry run (Options.Caller), which no
// test's literal equals: `if [[ $LWS_WORKER_INDEX == 0 ]]; then vllm serve
// …; else ray start --address … --block; fi` took the worker's branch, and
// every mode ended without an engine. When a mode's runs end before the
// engine, Eval runs it again with one caller's variable set to a literal a
// test or a case of the script compares it with (callerComparands, in
// source order, up to maxCallerValues); a run that reaches the engine is
// the mode's argv, with a note. Result.Assumed holds the value as
// "$NAME=value", so that lint and servelint argv evaluate the other modes
// with it too (AssumedUnion): the modes boot on one node.

// maxCallerValues bounds the callers' values tried for one mode.
const maxCallerValues = 3

// callerValue is a caller's variable and a literal the script compares it
// with.
type callerValue struct{ name, value string }

// callerComparands lists, in source order, the literals the script compares
// the callers' variables with: [[ $X == v ]], [[ $X != v ]], -eq/-ne,
// [ "$X" = v ], test "$X" = v, and the literal patterns of case "$X".
func callerComparands(f *syntax.File, callers []string) []callerValue {
	if len(callers) == 0 {
		return nil
	}
	var out []callerValue
	add := func(name, v string) {
		if !slices.Contains(callers, name) || strings.ContainsAny(v, "*?[") || len(out) >= maxCallerValues {
			return
		}
		c := callerValue{name, v}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	pair := func(x, y *syntax.Word) {
		if n := parser.PlainVar(x); n != "" {
			if v, ok := parser.LitValue(y); ok {
				add(n, v)
			}
		} else if n := parser.PlainVar(y); n != "" {
			if v, ok := parser.LitValue(x); ok {
				add(n, v)
			}
		}
	}
	shwalk.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.BinaryTest:
			switch x.Op {
			case syntax.TsMatchShort, syntax.TsMatch, syntax.TsNoMatch, syntax.TsEql, syntax.TsNeq:
				xw, ok1 := x.X.(*syntax.Word)
				yw, ok2 := x.Y.(*syntax.Word)
				if ok1 && ok2 {
					pair(xw, yw)
				}
			}
		case *syntax.CallExpr:
			args, ok := parser.ClassicTestArgs(x)
			if ok && len(args) == 3 {
				switch args[1].Lit() {
				case "=", "==", "!=", "-eq", "-ne":
					pair(args[0], args[2])
				}
			}
		case *syntax.CaseClause:
			if name := parser.PlainVar(x.Word); name != "" {
				for _, it := range x.Items {
					for _, p := range it.Patterns {
						if v, ok := parser.LitValue(p); ok {
							add(name, v)
						}
					}
				}
			}
		}
		return true
	})
	return out
}

// modeFirst puts first the values equal to the mode's name: a caller's
// ROLE compared with prefill and decode picks, for the mode decode, the
// decode branch (in source order, prefill's would run under decode's name).
func modeFirst(cs []callerValue, mode string) []callerValue {
	out := make([]callerValue, 0, len(cs))
	for _, c := range cs {
		if c.value == mode {
			out = append(out, c)
		}
	}
	for _, c := range cs {
		if c.value != mode {
			out = append(out, c)
		}
	}
	return out
}

// varKey is how Result.Assumed and Options.Assume hold a caller's value.
func varKey(name, value string) string { return "$" + name + "=" + value }

// splitAssume separates Options.Assume's host paths from its callers'
// values.
func splitAssume(all map[string]byte) (paths map[string]byte, vars map[string]string) {
	for k, op := range all {
		if name, value, ok := strings.Cut(strings.TrimPrefix(k, "$"), "="); ok && strings.HasPrefix(k, "$") {
			if vars == nil {
				vars = map[string]string{}
			}
			vars[name] = value
			continue
		}
		if paths == nil {
			paths = map[string]byte{}
		}
		paths[k] = op
	}
	return paths, vars
}

// withVars is env with vars set (a copy).
func withVars(env map[string]string, vars map[string]string) map[string]string {
	out := maps.Clone(env)
	if out == nil {
		out = map[string]string{}
	}
	maps.Copy(out, vars)
	return out
}

// assumedVars notes on r the callers' values its runs assumed.
func assumedVars(r *Result, vars map[string]string) *Result {
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		if r.Assumed == nil {
			r.Assumed = map[string]byte{}
		}
		r.Assumed[varKey(name, vars[name])] = 'v'
		r.Notes = append(r.Notes, fmt.Sprintf("assumed %s=%s, the caller's (a test of the script compares it with %s, and the branch that boots needs it; the dry run cannot know the caller's value)", name, vars[name], vars[name]))
	}
	return r
}
