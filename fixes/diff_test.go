package fixes

import (
	"strings"
	"testing"
)

func TestUnifiedDiff(t *testing.T) {
	tests := []struct {
		name, path, old, new, want string
	}{
		{
			name: "equal",
			path: "a.sh",
			old:  "echo hi\n",
			new:  "echo hi\n",
			want: "",
		},
		{
			name: "both empty",
			path: "a.sh",
			want: "",
		},
		{
			name: "one line changed",
			path: "scripts/a.sh",
			old:  "#!/bin/sh\necho $x\n",
			new:  "#!/bin/sh\necho \"$x\"\n",
			want: "--- a/scripts/a.sh\n+++ b/scripts/a.sh\n@@ -1,2 +1,2 @@\n #!/bin/sh\n-echo $x\n+echo \"$x\"\n",
		},
		{
			name: "three lines of context",
			path: "a.sh",
			old:  "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n",
			new:  "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n",
			want: "--- a/a.sh\n+++ b/a.sh\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n",
		},
		{
			name: "two hunks",
			path: "a.sh",
			old:  "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n",
			new:  "one\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ntwelve\n",
			want: "--- a/a.sh\n+++ b/a.sh\n@@ -1,4 +1,4 @@\n-1\n+one\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+twelve\n",
		},
		{
			name: "line deleted",
			path: "a.env",
			old:  "A=1\nB=2\nC=3\n",
			new:  "A=1\nC=3\n",
			want: "--- a/a.env\n+++ b/a.env\n@@ -1,3 +1,2 @@\n A=1\n-B=2\n C=3\n",
		},
		{
			name: "from empty",
			path: "a.sh",
			old:  "",
			new:  "x\n",
			want: "--- a/a.sh\n+++ b/a.sh\n@@ -0,0 +1 @@\n+x\n",
		},
		{
			name: "newline added at end of file",
			path: "a.sh",
			old:  "a\nb",
			new:  "a\nb\n",
			want: "--- a/a.sh\n+++ b/a.sh\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
		},
		{
			name: "change before a last line without newline",
			path: "a.sh",
			old:  "a\nb",
			new:  "A\nb",
			want: "--- a/a.sh\n+++ b/a.sh\n@@ -1,2 +1,2 @@\n-a\n+A\n b\n\\ No newline at end of file\n",
		},
		{
			name: "CRLF lines keep their line endings",
			path: "a.sh",
			old:  "a\r\nb\r\n",
			new:  "a\r\nB\r\n",
			want: "--- a/a.sh\n+++ b/a.sh\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+B\r\n",
		},
		{
			name: "line ending change only",
			path: "a.sh",
			old:  "a\n",
			new:  "a\r\n",
			want: "--- a/a.sh\n+++ b/a.sh\n@@ -1 +1 @@\n-a\n+a\r\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := UnifiedDiff(tt.path, []byte(tt.old), []byte(tt.new)); got != tt.want {
				t.Errorf("UnifiedDiff:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestUnifiedDiffNames: names are written as git diff writes them, so that
// git apply and patch -p1 read them whole.
func TestUnifiedDiffNames(t *testing.T) {
	for path, want := range map[string]string{
		"scripts/a.sh":     "--- a/scripts/a.sh\n+++ b/scripts/a.sh\n",
		"/abs/a.sh":        "--- a/abs/a.sh\n+++ b/abs/a.sh\n",
		"sp ace/a.sh":      "--- a/sp ace/a.sh\t\n+++ b/sp ace/a.sh\t\n",
		"qu\"ote.sh":       "--- \"a/qu\\\"ote.sh\"\n+++ \"b/qu\\\"ote.sh\"\n",
		"back\\slash.sh":   "--- \"a/back\\\\slash.sh\"\n+++ \"b/back\\\\slash.sh\"\n",
		"new\nline.sh":     "--- \"a/new\\nline.sh\"\n+++ \"b/new\\nline.sh\"\n",
		"tab\there.sh":     "--- \"a/tab\\there.sh\"\n+++ \"b/tab\\there.sh\"\n",
		"esc\x1b[31m.sh":   "--- \"a/esc\\033[31m.sh\"\n+++ \"b/esc\\033[31m.sh\"\n",
		"\u00e9.sh":        "--- \"a/\\303\\251.sh\"\n+++ \"b/\\303\\251.sh\"\n",
		"sp \u00e9.sh":     "--- \"a/sp \\303\\251.sh\"\t\n+++ \"b/sp \\303\\251.sh\"\t\n",
		"del\x7f\u0085.sh": "--- \"a/del\\177\\302\\205.sh\"\n+++ \"b/del\\177\\302\\205.sh\"\n",
	} {
		got := UnifiedDiff(path, []byte("x\n"), []byte("y\n"))
		if !strings.HasPrefix(got, want+"@@ ") {
			t.Errorf("UnifiedDiff(%q) headers:\n%q\nwant:\n%q", path, got, want)
		}
	}
}
