package fixes

import "testing"

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
