package lazyre

import "testing"

func TestLazy(t *testing.T) {
	n := len(All())
	r := New(`^a+$`)
	if len(All()) != n+1 {
		t.Fatalf("All has %d patterns, want %d", len(All()), n+1)
	}
	if !r.MatchString("aaa") || r.MatchString("b") {
		t.Fatal("MatchString")
	}
	first := r.Regexp()
	if r.Regexp() != first {
		t.Fatal("compiled twice")
	}
	bad := New(`(`)
	defer func() {
		if recover() == nil {
			t.Fatal("an invalid pattern did not panic on first use")
		}
	}()
	bad.MatchString("x")
}
