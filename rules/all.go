package rules

import "golang.org/x/tools/go/analysis"

// All lists every rule, in the order `servelint rules` shows them.
var All = []*analysis.Analyzer{
	PrivateShape,
	ShapeAlias,
	FreeThroughput,
	EnvOwner,
	EnvDialect,
	Syntax,
	ArgvDrift,
	NgramPlacement,
	CalibStep,
	StepCost,
	PhaseGate,
	TapMarker,
}

// offByDefault are rules that run only when enabled.
var offByDefault = map[string]bool{}

// DefaultOn reports whether a rule runs when no option names it.
func DefaultOn(a *analysis.Analyzer) bool { return !offByDefault[a.Name] }

// ByName returns the rule with that name, nil if none.
func ByName(name string) *analysis.Analyzer {
	for _, a := range All {
		if a.Name == name {
			return a
		}
	}
	return nil
}
