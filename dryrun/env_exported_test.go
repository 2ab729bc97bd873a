package dryrun

import (
	"maps"
	"testing"

	"mvdan.cc/sh/v3/expand"
)

// pairsEnv gives its entries in order, a name more than once (as an
// overlay of a subshell over its parent does).
type pairsEnv []struct {
	name string
	vr   expand.Variable
}

func (p pairsEnv) Get(name string) expand.Variable {
	var out expand.Variable
	for _, e := range p {
		if e.name == name {
			out = e.vr
		}
	}
	return out
}

func (p pairsEnv) Each(f func(string, expand.Variable) bool) {
	for _, e := range p {
		if !f(e.name, e.vr) {
			return
		}
	}
}

// TestExportedOf: exportedOf gives what a snapshot's exported() gives,
// the last entry of a name deciding.
func TestExportedOf(t *testing.T) {
	str := func(v string, exp bool) expand.Variable {
		return expand.Variable{Set: true, Exported: exp, Kind: expand.String, Str: v}
	}
	env := pairsEnv{
		{"A", str("1", true)},
		{"B", str("2", true)},
		{"B", expand.Variable{}}, // unset later
		{"C", str("3", false)},
		{"C", str("4", true)}, // exported later
		{"D", str("5", true)},
		{"D", str("6", false)}, // declared again, not exported
		{"E", expand.Variable{Set: true, Exported: true, Kind: expand.Indexed, List: []string{"x"}}},
		{"F", expand.Variable{Exported: true, Kind: expand.String}}, // declared, not set
	}
	got, want := exportedOf(env), takeSnapshot(env).exported()
	if !maps.Equal(got, want) {
		t.Fatalf("exportedOf = %v, snapshot's exported = %v", got, want)
	}
	if !maps.Equal(got, map[string]string{"A": "1", "C": "4"}) {
		t.Fatalf("exportedOf = %v, want A=1 C=4", got)
	}
}
