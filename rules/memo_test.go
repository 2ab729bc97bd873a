package rules

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestNamePred: a namePred answers what its function answers, asking the
// function once per string while it remembers, and still answers right
// once it has stopped remembering (past maxMemo strings), from many
// goroutines at once.
func TestNamePred(t *testing.T) {
	var mu sync.Mutex
	calls := map[string]int{}
	p := newNamePred(func(s string) bool {
		mu.Lock()
		calls[s]++
		mu.Unlock()
		return strings.HasSuffix(s, "7")
	})
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range maxMemo + 500 {
				s := fmt.Sprint(i)
				if got, want := p.is(s), strings.HasSuffix(s, "7"); got != want {
					t.Errorf("goroutine %d: is(%q) = %v, want %v", g, s, got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
	if n := calls["17"]; n > 4 {
		t.Errorf("a remembered string was asked %d times", n)
	}
	if p.n.Load() < maxMemo {
		t.Errorf("only %d strings counted", p.n.Load())
	}
}
