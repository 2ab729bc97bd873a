package rules

import "testing"

func TestEnvCommentAbove(t *testing.T) {
	for _, tc := range []struct {
		name, src, del, want string // del: the line deleted; want: src after
	}{
		{"last line", "A=8\nB=1\n# shim for the old runner\nX=${A}", "X=${A}", "A=8\nB=1\n"},
		{"paragraph end", "A=8\n# shim\n# (two lines)\nX=${A}\n\nC=2\n", "X=${A}\n", "A=8\n\nC=2\n"},
		{"comment follows", "A=8\n# shim\nX=${A}\n# next\nC=2\n", "X=${A}\n", "A=8\n# next\nC=2\n"},
		{"paragraph goes on", "A=8\n# calib knobs\nX=${A}\nY=2\n", "X=${A}\n", "A=8\n# calib knobs\nY=2\n"},
		{"no comment", "A=8\nX=${A}\n", "X=${A}\n", "A=8\n"},
		{"crlf", "A=8\r\n# shim\r\nX=${A}\r\n", "X=${A}\r\n", "A=8\r\n"},
		{"first line", "# shim\nX=${A}\n", "X=${A}\n", ""},
		{"another key's old value", "A=8\n# A=16  # on H200\nX=${A}\n", "X=${A}\n", "A=8\n# A=16  # on H200\n"},
		{"its own old value", "A=8\n# shim\n#X=4\nX=${A}\n", "X=${A}\n", "A=8\n"},
		{"export", "A=8\n# export B=2\nexport X=${A}\n", "export X=${A}\n", "A=8\n# export B=2\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			st := len(tc.src) - len(tc.del)
			for i := 0; i+len(tc.del) <= len(tc.src); i++ {
				if tc.src[i:i+len(tc.del)] == tc.del && (i == 0 || tc.src[i-1] == '\n') {
					st = i
					break
				}
			}
			en := st + len(tc.del)
			got := tc.src[:envCommentAbove(src, st, en)] + tc.src[en:]
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
