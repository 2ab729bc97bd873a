package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaxFileSizeOfOverlay: with a ReadFile overlay (an editor's unsaved
// text), the size checked against MaxFileSize is the overlay's, not the
// disk file's.
func TestMaxFileSizeOfOverlay(t *testing.T) {
	dir := t.TempDir()
	script, env := filepath.Join(dir, "s.sh"), filepath.Join(dir, "s.env")
	small := "#!/bin/bash\n. \"$(dirname \"$0\")/s.env\"\nexec vllm serve /m --max-num-seqs \"$S_SEQS\"\n"
	big := small + "#" + strings.Repeat("x", 4000) + "\n"
	smallEnv, bigEnv := "S_SEQS=8\n", "S_SEQS=8\n#"+strings.Repeat("x", 4000)+"\n"
	load := func(disk, editor, diskEnv, editorEnv string) *Unit {
		t.Helper()
		if err := os.WriteFile(script, []byte(disk), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(env, []byte(diskEnv), 0o644); err != nil {
			t.Fatal(err)
		}
		return Load(LoadOptions{Paths: []string{script}, MaxFileSize: 2000, ReadFile: func(p string) ([]byte, error) {
			switch p {
			case script:
				return []byte(editor), nil
			case env:
				return []byte(editorEnv), nil
			}
			return os.ReadFile(p)
		}})
	}
	u := load(big, small, bigEnv, smallEnv)
	if len(u.TooBig) > 0 || len(u.Scripts) != 1 || u.Scripts[0].Err != nil || len(u.Envs) != 1 {
		t.Errorf("small texts of big files: too big %v, scripts %d, envs %d", u.TooBig, len(u.Scripts), len(u.Envs))
	}
	u = load(small, big, smallEnv, bigEnv)
	if len(u.TooBig) != 2 {
		t.Fatalf("big texts of small files: too big %v, want the script and the env file", u.TooBig)
	}
	want := fmt.Sprintf("s.sh is %d bytes, over the 2000-byte limit", len(big))
	if s := u.ScriptAt(script); s == nil || s.Err == nil || !strings.Contains(s.Err.Msg, want) {
		t.Errorf("big text: %+v, want %q (its own size)", s, want)
	}
}
