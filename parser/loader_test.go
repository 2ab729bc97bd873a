package parser

import (
	"path/filepath"
	"testing"
)

// TestLoaders: the env file each way of loading one names, and how it is
// read; commands that compute a value from the file load nothing.
func TestLoaders(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string // the resolved base name, "" for no source
		kind SourceKind
	}{
		{"export $(grep -v '^#' .env | xargs)", ".env", SourceLoader},
		{"export $(grep -v -E '^\\s*#' \"$here/prod.env\" | xargs -d '\\n')", "prod.env", SourceLoader},
		{"export $(cat .env | grep -v '#' | xargs)", ".env", SourceLoader},
		{"export $(xargs < .env)", ".env", SourceLoader},
		{"export $(sed -e 's/#.*//' .env | xargs)", ".env", SourceLoader},
		{"declare -x $(cat .env)", ".env", SourceLoader},
		{"env $(cat .env | xargs) vllm serve /m", ".env", SourceEnvLoader},
		{"eval \"$(cat .env)\"", ".env", SourceBash},
		{"source <(grep -v '^#' .env)", ".env", SourceBash},
		{"export X=$(grep X .env | cut -d= -f2)", "", 0},
		{"export $(grep MAX .env | cut -d= -f2)", "", 0},
		{"export $(grep -v '^#' a.env b.env | xargs)", "", 0},
		{"export \"$(cat .env)x\"", "", 0},
		{"export $(cat .env | xargs) $(cat b.env)", ".env b.env", SourceLoader},
		{"declare $(cat .env)", "", 0},
	} {
		s := ParseScript("/r/s.sh", []byte("here=/r\n"+tc.src+"\n"))
		s.Analyze(RoleMatcher{})
		got := ""
		for _, ref := range s.Sources {
			if got != "" {
				got += " "
			}
			got += filepath.Base(ref.Path)
			if ref.Kind != tc.kind {
				t.Errorf("%s: kind %v, want %v", tc.src, ref.Kind, tc.kind)
			}
		}
		if got != tc.want {
			t.Errorf("%s: sources %q, want %q", tc.src, got, tc.want)
		}
	}
}
