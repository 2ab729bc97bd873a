package parser

import "testing"

// A declaration in a function is local to it unless it says -g: local,
// declare and typeset (ksh's spelling, which bash keeps) alike; declare -g
// writes the global.
func TestDeclLocal(t *testing.T) {
	src := "f() {\n  local a=1\n  declare b=2\n  typeset c=3\n  declare -g d=4\n  typeset -gx e=5\n}\ng=6\nf\n"
	s := ParseScript("s.sh", []byte(src))
	s.Analyze(RoleMatcher{})
	for name, want := range map[string]bool{"a": true, "b": true, "c": true, "d": false, "e": false, "g": false} {
		as := s.Assigns[name]
		if len(as) != 1 {
			t.Errorf("%s: %d assignments, want 1", name, len(as))
			continue
		}
		if as[0].Local != want {
			t.Errorf("%s: Local = %v, want %v", name, as[0].Local, want)
		}
	}
}
