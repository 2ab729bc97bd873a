package parser

import (
	"strconv"
	"strings"
	"testing"
)

// TestDepthRefusedWhereItPasses: a script nested past MaxDepth is refused
// at the place the nesting crossed the limit (the line and column of the
// keyword or bracket), not at 1:1, and the message does not give the
// weighed depth as if it were a count of blocks (10,000 ifs read as
// "nesting 1000 levels deep").
func TestDepthRefusedWhereItPasses(t *testing.T) {
	ifs := "#!/bin/bash\n" + strings.Repeat("if true; then\n", 10000) + "echo x\n" + strings.Repeat("fi\n", 10000)
	subst := "#!/bin/bash\necho ok\necho " + strings.Repeat("$(", 500) + "x" + strings.Repeat(")", 500) + "\n"
	for _, tt := range []struct {
		name, src      string
		line, col, off int
	}{
		// The 4,010th if (a keyword weighs a tenth): line 4,011.
		{"ifs", ifs, 4011, 1, len("#!/bin/bash\n") + 4009*len("if true; then\n")},
		// The 401st "(" on line 3.
		{"subst", subst, 3, 5 + 2*400 + 1 + 1, len("#!/bin/bash\necho ok\necho ") + 2*400 + 1},
		// A byte-order mark moves the offset, not the line or column.
		{"bom", "\xef\xbb\xbf" + subst, 3, 5 + 2*400 + 1 + 1, 3 + len("#!/bin/bash\necho ok\necho ") + 2*400 + 1},
	} {
		s := ParseScript(tt.name+".sh", []byte(tt.src))
		if s.Err == nil {
			t.Fatalf("%s: parsed, want refused", tt.name)
		}
		if s.Err.Line != tt.line || s.Err.Col != tt.col || s.Err.Offset != tt.off || s.Err.End != tt.off {
			t.Errorf("%s: at %d:%d (offset %d-%d), want %d:%d (offset %d)", tt.name, s.Err.Line, s.Err.Col, s.Err.Offset, s.Err.End, tt.line, tt.col, tt.off)
		}
		want := "not analysed: nesting past the limit of 400 levels (about 400 brackets or substitutions deep, or 4000 if/while/until/for/case/select blocks)"
		if s.Err.Msg != want {
			t.Errorf("%s: %q, want %q", tt.name, s.Err.Msg, want)
		}
	}
	// Just under the limit parses.
	if s := ParseScript("ok.sh", []byte("#!/bin/bash\n"+strings.Repeat("if true; then\n", 3000)+"echo x\n"+strings.Repeat("fi\n", 3000))); s.Err != nil {
		t.Errorf("3,000 nested ifs refused: %+v", s.Err)
	}
}

// A long line of short statements is no nesting: the operators counted on
// a line start again at each ';', as at a newline. A chain within one
// statement (an arithmetic a=b=…, a && list) is still refused, and what
// passes is modelled without overflowing a stack.
func TestDepthLongLineOfStatements(t *testing.T) {
	var assigns, lists []string
	for i := range 20000 {
		assigns = append(assigns, "a"+strconv.Itoa(i)+"="+strconv.Itoa(i))
		lists = append(lists, "[[ -n $a"+strconv.Itoa(i)+" ]] && b=1 || b=2")
	}
	for name, line := range map[string]string{"assignments": strings.Join(assigns, ";"), "lists": strings.Join(lists, "; ")} {
		s := ParseScript(name+".sh", []byte("#!/bin/bash\n"+line+"\nexec vllm serve /m --max-num-seqs \"$a1\"\n"))
		if s.Err != nil {
			t.Errorf("%s: refused: %s", name, s.Err.Msg)
			continue
		}
		s.Analyze(RoleMatcher{})
	}
	for name, src := range map[string]string{
		"arithmetic chain": "x=$(( " + strings.Repeat("a = ", 5000) + "1 ))\n",
		"and chain":        strings.Repeat("true && ", 5000) + "true\n",
		"chain after ;":    "a=1; " + strings.Repeat("true | ", 5000) + "true\n",
	} {
		if s := ParseScript(name+".sh", []byte("#!/bin/bash\n"+src)); s.Err == nil {
			t.Errorf("%s: parsed, want refused", name)
		}
	}
}
