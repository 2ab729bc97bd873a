package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/servelint/servelint/docs"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"

	"github.com/servelint/servelint/internal/testfs"
)

var updateDocs = flag.Bool("update", false, "rewrite the output blocks of docs/rules.md from the real CLI")

const rulesMD = "../../docs/rules.md"

// docOutputs maps an output block's name to the command line it shows.
var docOutputs = map[string][]string{
	"lint": nil,        // servelint
	"diff": {"--diff"}, // servelint --diff
}

// TestRuleDocs runs the real CLI on every example of docs/rules.md and
// compares its output with the output blocks that follow the example; with
// -update it rewrites them (review the diff). Every rule has a page.
func TestRuleDocs(t *testing.T) {
	b, err := os.ReadFile(rulesMD)
	if err != nil {
		t.Fatal(err)
	}
	md := string(b)
	if md != docs.Rules && !*updateDocs {
		t.Fatalf("docs.Rules is stale: rebuild")
	}
	type repl struct {
		start, end int
		text       string
	}
	var repls []repl
	pages := map[string]bool{}
	for _, name := range docs.Pages() {
		pages[name] = true
	}
	for _, a := range rules.All {
		if !pages[a.Name] {
			t.Errorf("rule %s has no page in docs/rules.md", a.Name)
		}
	}
	if !pages[suppress.Rule] {
		t.Errorf("the %s pseudo-rule has no page in docs/rules.md", suppress.Rule)
	}
	for _, sec := range docs.Sections(md) {
		name := sec.Name
		registered := rules.ByName(name) != nil || name == suppress.Rule
		page := md[sec.Start:sec.End]
		blocks := docs.Blocks(page)
		var files []docs.Block
		var outs []docs.Block
		for _, bl := range blocks {
			if bl.Attrs["file"] != "" {
				files = append(files, bl)
			}
			if bl.Attrs["output"] != "" {
				outs = append(outs, bl)
			}
		}
		if len(files) == 0 {
			t.Errorf("%s: the page has no example input (```LANG file=PATH)", name)
			continue
		}
		if len(outs) == 0 {
			t.Errorf("%s: the page has no output block (```text output=lint)", name)
			continue
		}
		if !registered {
			t.Logf("%s: not a registered rule yet; its example is not run", name)
			continue
		}
		if !strings.Contains(page, "**Severity:**") {
			t.Errorf("%s: the page states no **Severity:**", name)
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			hasConfig := false
			for _, f := range files {
				testfs.Write(t, filepath.Join(dir, filepath.FromSlash(f.Attrs["file"])), f.Body)
				if f.Attrs["file"] == ".servelint.yaml" {
					hasConfig = true
				}
			}
			if !hasConfig {
				// Keep a config in a parent of the temp dir out of it.
				if err := os.WriteFile(filepath.Join(dir, ".servelint.yaml"), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			for _, o := range outs {
				args, ok := docOutputs[o.Attrs["output"]]
				if !ok {
					t.Errorf("unknown output=%s (known: %s)", o.Attrs["output"], strings.Join(sortedOutputs(), ", "))
					continue
				}
				var stdout, stderr bytes.Buffer
				run(append([]string{}, args...), &stdout, &stderr)
				got := stdout.String() + docStderr(o.Attrs["output"], stderr.String())
				if got == o.Body {
					continue
				}
				if *updateDocs {
					repls = append(repls, repl{sec.Start + o.BodyStart, sec.Start + o.BodyEnd, got})
					continue
				}
				t.Errorf("docs/rules.md, %s: the output of `servelint %s` drifted (go test ./cmd/servelint -run TestRuleDocs -update, then review):\n--- got\n%s--- doc\n%s",
					name, strings.Join(args, " "), got, o.Body)
			}
		})
	}
	if *updateDocs && len(repls) > 0 {
		sort.Slice(repls, func(i, j int) bool { return repls[i].start > repls[j].start })
		for _, r := range repls {
			md = md[:r.start] + r.text + md[r.end:]
		}
		if err := os.WriteFile(rulesMD, []byte(md), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %d output blocks of %s", len(repls), rulesMD)
	}
}

// docStderr is the part of stderr an output block shows: all of it, but
// for a diff block (a patch a reader may copy) the "not fixable: " lines
// --diff adds, which the page's lint block shows as findings.
func docStderr(output, stderr string) string {
	if output != "diff" {
		return stderr
	}
	var b strings.Builder
	for _, l := range strings.SplitAfter(stderr, "\n") {
		if !strings.HasPrefix(l, "not fixable: ") {
			b.WriteString(l)
		}
	}
	return b.String()
}

func sortedOutputs() []string {
	var out []string
	for k := range docOutputs {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestRulesCommandPrintsPage checks `servelint rules RULE` prints the page.
func TestRulesCommandPrintsPage(t *testing.T) {
	for _, name := range append([]string{suppress.Rule}, "privateshape") {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"rules", name}, &stdout, &stderr); code != exitClean {
			t.Fatalf("rules %s: exit %d: %s", name, code, stderr.String())
		}
		page, ok := docs.Page(name)
		if !ok {
			t.Fatalf("no page for %s", name)
		}
		if stdout.String() != page {
			t.Errorf("rules %s printed:\n%s\nwant the page:\n%s", name, stdout.String(), page)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"rules", "nosuchrule"}, &stdout, &stderr); code != exitUsage {
		t.Errorf("rules nosuchrule: exit %d, want %d", code, exitUsage)
	}
	stdout.Reset()
	run([]string{"rules"}, &stdout, &stderr)
	if !strings.Contains(stdout.String(), "\n"+suppress.Rule+" ") {
		t.Errorf("servelint rules does not list %s:\n%s", suppress.Rule, stdout.String())
	}
}

// TestPreCommitHooks checks .pre-commit-hooks.yaml: the servelint hook, a
// golang hook whose files pattern takes scripts and env files and nothing
// else, run serially so a script and its env file meet.
func TestPreCommitHooks(t *testing.T) {
	b, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID            string `yaml:"id"`
		Entry         string `yaml:"entry"`
		Language      string `yaml:"language"`
		Files         string `yaml:"files"`
		RequireSerial bool   `yaml:"require_serial"`
	}
	if err := yaml.Unmarshal(b, &hooks); err != nil {
		t.Fatal(err)
	}
	if len(hooks) != 1 || hooks[0].ID != "servelint" || hooks[0].Language != "golang" || hooks[0].Entry != "servelint" || !hooks[0].RequireSerial {
		t.Fatalf("hooks = %+v", hooks)
	}
	re := regexp.MustCompile(hooks[0].Files)
	for p, want := range map[string]bool{
		"scripts/frank-archon.sh": true, "boot.bash": true, "scripts/frank-archon.env": true, ".env": true,
		"deploy/.env.prod": true, "README.md": false, "x.sh.orig": false, "a.envrc": false, "env/readme": false,
	} {
		if got := re.MatchString(p); got != want {
			t.Errorf("files pattern on %s = %v, want %v", p, got, want)
		}
	}
}

// TestCIDoc checks the GitHub Actions job in docs/ci.md parses and does
// what the page says.
func TestCIDoc(t *testing.T) {
	b, err := os.ReadFile("../../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	var job string
	for _, bl := range docs.Blocks(string(b)) {
		if bl.Lang == "yaml" {
			job = bl.Body
		}
	}
	var wf map[string]any
	if err := yaml.Unmarshal([]byte(job), &wf); err != nil {
		t.Fatalf("the workflow does not parse: %v", err)
	}
	for _, want := range []string{"fetch-depth: 0", "actions/setup-go", "go install github.com/servelint/servelint/cmd/servelint@latest",
		"servelint --changed-from=origin/${{ github.base_ref }} --format=sarif > servelint.sarif", "github/codeql-action/upload-sarif", "security-events: write"} {
		if !strings.Contains(job, want) {
			t.Errorf("the workflow lacks %q", want)
		}
	}
}
