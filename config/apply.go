package config

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
)

// RulesConfig returns the rules' view of the config.
func (c *Config) RulesConfig() *rules.Config {
	rc := rules.DefaultConfig()
	if c == nil {
		return rc
	}
	if c.Calib.Knobs != nil {
		rc.CalibKnobs = map[string]string{}
		for f, k := range c.Calib.Knobs {
			rc.CalibKnobs[f] = k
		}
	}
	if c.PerModeFlags != nil {
		rc.PerModeFlags = append([]string{}, c.PerModeFlags...)
	}
	rc.ProvenNamed = c.Modes.Proven != ""
	rc.Proven = c.Modes.Proven
	rc.DocumentTokens = c.Calib.DocumentTokens
	rc.Ledger = c.Ledger
	return rc
}

// Roles returns the role matcher the modes section describes.
func (c *Config) Roles() parser.RoleMatcher {
	if c == nil {
		return parser.RoleMatcher{}
	}
	return parser.RoleMatcher{Proven: c.Modes.Proven, Scoring: c.Modes.Scoring, Calib: c.Modes.Calib}
}

// ExcludeGlobs returns the exclude globs as parser.LoadOptions matches them
// for a run from the working directory wd: a glob without a slash matches
// base names anywhere and is kept; a glob with a slash is relative to the
// config file's directory and is rewritten relative to wd (and absolute, for
// absolute paths on the command line).
func (c *Config) ExcludeGlobs(wd string) []string {
	if c == nil {
		return nil
	}
	var out []string
	for _, g := range c.Exclude {
		if !strings.Contains(strings.TrimSuffix(g, "/**"), "/") && !strings.HasSuffix(g, "/**") {
			out = append(out, g)
			continue
		}
		tail := ""
		base := g
		if strings.HasSuffix(g, "/**") {
			tail, base = "/**", strings.TrimSuffix(g, "/**")
		}
		abs := base
		if !filepath.IsAbs(abs) {
			if d, err := filepath.Abs(c.Dir); err == nil {
				abs = filepath.Join(d, base)
			}
		}
		out = append(out, abs+tail)
		if wd == "" {
			continue
		}
		rel, err := filepath.Rel(wd, abs)
		if err != nil {
			continue
		}
		if rel == "." {
			if tail != "" {
				out = append(out, "*") // the working directory itself is excluded
			}
			continue
		}
		out = append(out, rel+tail)
	}
	return out
}

// relList rewrites the comma-separated paths of list relative to wd where
// they are under it, so that messages show short paths.
func relList(list, wd string) string {
	if list == "" || wd == "" {
		return list
	}
	parts := strings.Split(list, ",")
	for i, p := range parts {
		abs, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if r, ok := parser.RelWithin(wd, abs); ok {
			parts[i] = r
		}
	}
	return strings.Join(parts, ",")
}

// RuleLists merges the config's enable and disable lists with the command
// line's: a rule named on the command line wins over the config.
func (c *Config) RuleLists(cliEnable, cliDisable []string) (enable, disable []string) {
	if c != nil {
		enable = append(enable, c.Enable...)
		disable = append(disable, c.Disable...)
	}
	drop := func(l []string, n string) []string {
		out := l[:0]
		for _, x := range l {
			if x != n {
				out = append(out, x)
			}
		}
		return out
	}
	for _, n := range cliEnable {
		disable = drop(disable, n)
		enable = append(drop(enable, n), n)
	}
	for _, n := range cliDisable {
		enable = drop(enable, n)
		disable = append(drop(disable, n), n)
	}
	return enable, disable
}

// Apply sets what the config says on lint options: the rules' config, the
// roles, the owners, the excluded paths, and the enabled rules (the
// options' own Enable and Disable, from the command line, win). wd is the
// working directory paths are relative to.
func (c *Config) Apply(o *lint.Options, wd string) {
	o.Config = c.RulesConfig()
	o.Roles = c.Roles()
	if c == nil {
		return
	}
	if len(c.Owners) > 0 {
		o.Owners = map[string]string{}
		for f, k := range c.Owners {
			o.Owners[f] = k
		}
	}
	o.Engine = c.Engine
	o.Exclude = append(o.Exclude, c.ExcludeGlobs(wd)...)
	o.Config.Ledger = relList(c.Ledger, wd)
	o.Enable, o.Disable = c.RuleLists(o.Enable, o.Disable)
}

// Effective writes the effective configuration as YAML that can be used as
// a config file: every key with the value servelint uses, the defaults
// marked in comments, and the rules that run.
func (c *Config) Effective(w io.Writer) error {
	if c == nil {
		c = Default()
	}
	rc := c.RulesConfig()
	var b strings.Builder
	line := func(indent int, key string, val *yaml.Node, comment string) {
		b.WriteString(strings.Repeat("  ", indent))
		b.WriteString(flow(&yaml.Node{Kind: yaml.ScalarNode, Value: key}))
		b.WriteString(":")
		if val != nil {
			b.WriteString(" " + flow(val))
		}
		if comment != "" {
			b.WriteString(" # " + comment)
		}
		b.WriteString("\n")
	}
	def := func(set bool, why string) string {
		if set {
			return ""
		}
		return "default" + why
	}
	if c.Path != "" {
		b.WriteString("# effective servelint configuration, from " + c.Path + "\n")
	} else {
		b.WriteString("# effective servelint configuration (no " + FileName + " found: defaults)\n")
	}
	line(0, "disable", seq(c.Disable), "")
	line(0, "enable", seq(c.Enable), "")
	line(0, "exclude", seq(c.Exclude), def(len(c.Exclude) > 0, "; .git, vendor and node_modules are always skipped"))
	line(0, "engine", strOrNull(c.Engine), def(c.Engine != "", ": detected from each engine invocation; when set, every invocation uses this profile and an unknown program passed its shape flags counts as the engine"))
	line(0, "modes", nil, "")
	line(1, "proven", strOrNull(c.Modes.Proven), def(c.Modes.Proven != "", ": serve, else the first plain mode"))
	scoring, calib := c.Modes.Scoring, c.Modes.Calib
	if scoring == nil {
		scoring = DefaultScoring
	}
	if calib == nil {
		calib = DefaultCalib
	}
	line(1, "scoring", seq(scoring), def(c.Modes.Scoring != nil, ""))
	line(1, "calib", seq(calib), def(c.Modes.Calib != nil, ""))
	line(0, "per_mode_flags", seq(rc.PerModeFlags), def(c.PerModeFlags != nil, ""))
	if len(c.Owners) == 0 {
		line(0, "owners", &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}, "default: each flag's owner is found by its key's name")
	} else {
		line(0, "owners", nil, "")
		for _, f := range sortedKeys(c.Owners) {
			line(1, f, strOrNull(c.Owners[f]), "")
		}
	}
	line(0, "calib", nil, "")
	dt := strOrNull(c.Calib.DocumentTokens)
	if isNumber(c.Calib.DocumentTokens) {
		dt.Tag = "!!int"
	}
	line(1, "document_tokens", dt, def(c.Calib.DocumentTokens != "", ": the calib mode's --max-model-len"))
	line(1, "knobs", nil, def(c.Calib.Knobs != nil, ": calib's own knobs, their owners found by key name"))
	for _, f := range sortedKeys(rc.CalibKnobs) {
		line(2, f, strOrNull(rc.CalibKnobs[f]), "")
	}
	line(0, "ledger", strOrNull(c.Ledger), def(c.Ledger != "", ": none (stepcost does nothing)"))

	enable, disable := c.RuleLists(nil, nil)
	var on []string
	if as, err := lint.Analyzers(enable, disable); err == nil {
		for _, a := range as {
			on = append(on, a.Name)
		}
	}
	if !contains(disable, suppress.Rule) {
		on = append(on, suppress.Rule)
	}
	b.WriteString("# rules that run: " + strings.Join(on, ", ") + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// flow renders a node on one line.
func flow(n *yaml.Node) string {
	if n.Kind != yaml.ScalarNode {
		n.Style = yaml.FlowStyle
	}
	out, err := yaml.Marshal(n)
	if err != nil {
		return fmt.Sprintf("%q", n.Value)
	}
	return strings.TrimSuffix(string(out), "\n")
}

func seq(l []string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, s := range l {
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: s})
	}
	return n
}

func strOrNull(s string) *yaml.Node {
	if s == "" {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func sortedKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
