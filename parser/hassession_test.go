package parser

import "testing"

// TestHasSession: the session a tmux has-session asks about, for the forms
// it has; nothing for any other.
func TestHasSession(t *testing.T) {
	for _, c := range []struct {
		argv []string
		want string
		ok   bool
	}{
		{[]string{"tmux", "has-session", "-t", "llm"}, "llm", true},
		{[]string{"tmux", "has", "-t", "=llm:0"}, "llm", true},
		{[]string{"/usr/bin/tmux", "-L", "sock", "has-session", "-tllm.1"}, "llm", true},
		{[]string{"tmux", "has-session"}, "", false},
		{[]string{"tmux", "has-session", "-t", Unknown}, "", false},
		{[]string{"tmux", "has-session", "-t", "llm", "extra"}, "", false},
		{[]string{"tmux", "new-session", "-d", "-s", "llm"}, "", false},
		{[]string{"screen", "-ls", "llm"}, "", false},
	} {
		got, ok := HasSession(c.argv)
		if got != c.want || ok != c.ok {
			t.Errorf("HasSession(%q) = %q, %v; want %q, %v", c.argv, got, ok, c.want, c.ok)
		}
	}
}
