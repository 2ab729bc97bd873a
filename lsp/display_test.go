package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// envProject writes a project whose scripts/serve.sh sources the
// serve.env beside it and whose bench mode passes a flag that file owns:
// privateshape names the env file in its message. It returns the
// project's directory.
func envProject(t *testing.T, parent string) string {
	t.Helper()
	dir := filepath.Join(parent, "proj")
	for name, text := range map[string]string{
		filepath.Join("scripts", "serve.sh"):  "#!/bin/bash\n. \"$(dirname \"$0\")/serve.env\"\ncase $1 in\n  serve) exec vllm serve m --max-num-seqs \"$S_MAX_NUM_SEQS\" ;;\n  bench) exec vllm serve m --max-num-seqs 9 ;;\nesac\n",
		filepath.Join("scripts", "serve.env"): "S_MAX_NUM_SEQS=4\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// ownerMessage opens the project's script in a server started in workDir
// and initialized with init's params, and returns the privateshape message
// that names the env file.
func ownerMessage(t *testing.T, dir, workDir string, init map[string]any) string {
	t.Helper()
	script := filepath.Join(dir, "scripts", "serve.sh")
	uri := uriOf(script)
	c := startServer(t, Options{Debounce: -1, WorkDir: workDir})
	defer c.close(t)
	init["processId"] = nil
	init["capabilities"] = map[string]any{}
	var res map[string]any
	c.call(t, "initialize", init, &res)
	c.notify(t, "initialized", map[string]any{})
	c.open(t, uri, mustRead(t, script))
	return awaitPrivateShape(t, c, uri, "owns it as")
}

// TestDisplayPathsRelativeToWorkspace: messages name other files relative
// to the workspace folder that holds the document (workspaceFolders, else
// rootUri), not to the server's working directory (an editor may start it
// in /); else relative to the working directory; else absolute.
func TestDisplayPathsRelativeToWorkspace(t *testing.T) {
	tmp := t.TempDir()
	dir := envProject(t, tmp)
	other := filepath.Join(tmp, "other")
	env := filepath.Join(dir, "scripts", "serve.env")
	root := string(filepath.Separator)
	for _, tc := range []struct {
		name    string
		workDir string
		init    map[string]any
		want    string
	}{
		{"rootUri", root, map[string]any{"rootUri": uriOf(dir)}, "scripts/serve.env:1"},
		{"workspaceFolders over rootUri", root, map[string]any{
			"rootUri": uriOf(tmp),
			"workspaceFolders": []map[string]any{
				{"uri": uriOf(other), "name": "other"},
				{"uri": uriOf(tmp), "name": "tmp"},
				{"uri": uriOf(dir), "name": "proj"},
			},
		}, "scripts/serve.env:1"},
		{"innermost folder", root, map[string]any{
			"workspaceFolders": []map[string]any{
				{"uri": uriOf(filepath.Join(dir, "scripts")), "name": "scripts"},
				{"uri": uriOf(dir), "name": "proj"},
			},
		}, "serve.env:1"},
		{"working directory", tmp, map[string]any{"rootUri": nil}, "proj/scripts/serve.env:1"},
		{"document outside the folders", tmp, map[string]any{"rootUri": uriOf(other)}, "proj/scripts/serve.env:1"},
		{"outside everything", other, map[string]any{"rootUri": nil}, env + ":1"},
		{"no working directory", "", map[string]any{"rootUri": nil}, env + ":1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := ownerMessage(t, dir, tc.workDir, tc.init)
			want := "; " + filepath.FromSlash(tc.want) + " owns it as"
			if !strings.Contains(msg, want) {
				t.Errorf("message %q lacks %q", msg, want)
			}
		})
	}
}

// TestWorkspaceFoldersChange: the server follows workspace/
// didChangeWorkspaceFolders, and the open document's messages name the
// env file from the folder added, then, once it is removed, absolutely
// again (the server's working directory holds neither).
func TestWorkspaceFoldersChange(t *testing.T) {
	tmp := t.TempDir()
	dir := envProject(t, tmp)
	other := filepath.Join(tmp, "other")
	env := filepath.Join(dir, "scripts", "serve.env")
	script := filepath.Join(dir, "scripts", "serve.sh")
	uri := uriOf(script)
	c := startServer(t, Options{Debounce: -1, WorkDir: other})
	defer c.close(t)
	var res map[string]any
	c.call(t, "initialize", map[string]any{"processId": nil, "capabilities": map[string]any{}, "rootUri": nil}, &res)
	caps, _ := res["capabilities"].(map[string]any)
	ws, _ := caps["workspace"].(map[string]any)
	folders, _ := ws["workspaceFolders"].(map[string]any)
	if folders["supported"] != true || folders["changeNotifications"] != true {
		t.Fatalf("capabilities.workspace = %v, want workspaceFolders supported with change notifications", caps["workspace"])
	}
	c.notify(t, "initialized", map[string]any{})
	c.open(t, uri, mustRead(t, script))
	awaitPrivateShape(t, c, uri, "; "+env+":1 owns it as")
	change := func(key string) {
		ev := map[string]any{"added": []any{}, "removed": []any{}}
		ev[key] = []map[string]any{{"uri": uriOf(dir), "name": "proj"}}
		c.notify(t, "workspace/didChangeWorkspaceFolders", map[string]any{"event": ev})
	}
	change("added")
	awaitPrivateShape(t, c, uri, "; "+filepath.FromSlash("scripts/serve.env:1")+" owns it as")
	change("removed")
	awaitPrivateShape(t, c, uri, "; "+env+":1 owns it as")
}

// awaitPrivateShape waits for a publish of uri with a privateshape message
// that holds want, and returns that message.
func awaitPrivateShape(t *testing.T, c *testClient, uri, want string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	var seen []string
	for time.Now().Before(deadline) {
		pub, ok := c.next(t, time.Until(deadline))
		if !ok {
			break
		}
		if pub.URI != uri {
			continue
		}
		for _, d := range find(pub, "privateshape") {
			if strings.Contains(d.Message, want) {
				return d.Message
			}
			seen = append(seen, d.Message)
		}
	}
	t.Fatalf("no privateshape message holding %q; saw %q", want, seen)
	return ""
}
