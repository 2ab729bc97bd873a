package parser

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

// composeUse is what a compose file does with the variables of the .env
// beside it (docker compose reads that file on its own): the names its
// values interpolate, and whether it hands a service the file whole.
type composeUse struct {
	refs map[string]bool
	// all: every key is used: a service's env_file: names the .env, the
	// file pulls in others (include:, extends: file:) that may, or it could
	// not be read as YAML.
	all bool
}

// readComposeUse models a compose file's YAML (at dir, the directory of the
// .env at envPath): the variables its values interpolate ($NAME, ${NAME},
// ${NAME:-default}, ${NAME?err}, nested defaults; $$ is a literal $), the
// bare names its services' environment: takes from the project's
// variables (`- KEY`, `KEY:` with no value), and the env_file: entries
// naming envPath (a string, a list of strings, or of {path: …}). Comments
// and keys are not values: a name there is no use.
func readComposeUse(src []byte, dir, envPath string) composeUse {
	use := composeUse{refs: map[string]bool{}}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for {
		doc = yaml.Node{}
		if err := dec.Decode(&doc); err != nil {
			if !errors.Is(err, io.EOF) {
				use.all = true // not YAML compose can read: no key is judged
			}
			return use
		}
		use.document(&doc, dir, envPath)
	}
}

// document reads one YAML document of the compose file.
func (use *composeUse) document(doc *yaml.Node, dir, envPath string) {
	seen := map[*yaml.Node]bool{}
	use.values(doc, seen)
	root := doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		return
	}
	if mapValue(root, "include") != nil {
		use.all = true // another compose file, which may read the .env whole
	}
	services := resolveAlias(mapValue(root, "services"))
	if services == nil || services.Kind != yaml.MappingNode {
		return
	}
	for i := 1; i < len(services.Content); i += 2 {
		svc := resolveAlias(services.Content[i])
		if svc == nil || svc.Kind != yaml.MappingNode {
			continue
		}
		if ext := resolveAlias(mapValue(svc, "extends")); ext != nil && ext.Kind == yaml.MappingNode && mapValue(ext, "file") != nil {
			use.all = true // a service of another file: what it reads is not here
		}
		if use.namesEnv(resolveAlias(mapValue(svc, "env_file")), dir, envPath) {
			use.all = true
		}
		use.environment(resolveAlias(mapValue(svc, "environment")))
	}
}

// values adds the variables every scalar value under n interpolates (the
// values of mappings and the items of sequences; not the keys).
func (use *composeUse) values(n *yaml.Node, seen map[*yaml.Node]bool) {
	if n == nil || seen[n] {
		return
	}
	seen[n] = true
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for _, c := range n.Content {
			use.values(c, seen)
		}
	case yaml.MappingNode:
		for i := 1; i < len(n.Content); i += 2 {
			use.values(n.Content[i], seen)
		}
	case yaml.AliasNode:
		use.values(n.Alias, seen)
	case yaml.ScalarNode:
		for _, name := range composeInterpolated(n.Value) {
			use.refs[name] = true
		}
	}
}

// environment adds the names a service's environment: takes from the
// project's variables: `- KEY` or `KEY:` with no value.
func (use *composeUse) environment(env *yaml.Node) {
	if env == nil {
		return
	}
	switch env.Kind {
	case yaml.SequenceNode:
		for _, it := range env.Content {
			if it = resolveAlias(it); it != nil && it.Kind == yaml.ScalarNode && !strings.Contains(it.Value, "=") && isName(it.Value) {
				use.refs[it.Value] = true
			}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(env.Content); i += 2 {
			k, v := env.Content[i], resolveAlias(env.Content[i+1])
			if (v == nil || v.Kind == yaml.ScalarNode && v.Tag == "!!null") && isName(k.Value) {
				use.refs[k.Value] = true
			}
		}
	}
}

// namesEnv reports whether a service's env_file: names the file at
// envPath, resolved from dir (the compose file's directory).
func (use *composeUse) namesEnv(ef *yaml.Node, dir, envPath string) bool {
	if ef == nil {
		return false
	}
	names := func(p string) bool {
		if strings.Contains(p, "$") {
			return true // interpolated: it may be this file
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return filepath.Clean(p) == filepath.Clean(envPath)
	}
	switch ef.Kind {
	case yaml.ScalarNode:
		return names(ef.Value)
	case yaml.SequenceNode:
		for _, it := range ef.Content {
			it = resolveAlias(it)
			switch {
			case it == nil:
			case it.Kind == yaml.ScalarNode:
				if names(it.Value) {
					return true
				}
			case it.Kind == yaml.MappingNode:
				if p := resolveAlias(mapValue(it, "path")); p == nil || p.Kind != yaml.ScalarNode || names(p.Value) {
					return true
				}
			default:
				return true
			}
		}
		return false
	}
	return true // a form compose does not take: the safe answer
}

// mapValue returns the value of key in mapping m (nil when absent), its
// own or one a merge key (<<: *anchor, or a list of them) brings in. Each
// mapping is looked in once: anchors merged into one another ten at a time,
// twenty deep, would otherwise be looked through 10^20 times (a pull
// request's compose file must not hang the linter). config refuses merge
// keys in servelint's own config instead (config.parse.mapping): the two
// readers differ on purpose and share no helper.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	seen := map[*yaml.Node]bool{}
	queue := []*yaml.Node{m}
	for len(queue) > 0 {
		m := resolveAlias(queue[0])
		queue = queue[1:]
		if m == nil || m.Kind != yaml.MappingNode || seen[m] {
			continue
		}
		seen[m] = true
		var merged []*yaml.Node
		for i := 0; i+1 < len(m.Content); i += 2 {
			switch k := m.Content[i]; {
			case k.Tag == "!!merge":
				if v := resolveAlias(m.Content[i+1]); v != nil && v.Kind == yaml.SequenceNode {
					merged = append(merged, v.Content...)
				} else {
					merged = append(merged, v)
				}
			case k.Value == key:
				return m.Content[i+1]
			}
		}
		queue = append(queue, merged...)
	}
	return nil
}

// resolveAlias follows a YAML alias (*anchor) to the node it names.
func resolveAlias(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 16; i++ {
		n = n.Alias
	}
	return n
}

// composeInterpolated lists the variables a compose value interpolates:
// $NAME and ${NAME…}, with the defaults and messages inside braces read
// too (${A:-${B}}); $$ is a literal $.
func composeInterpolated(v string) []string {
	var out []string
	for i := 0; i < len(v); i++ {
		if v[i] != '$' || i+1 >= len(v) {
			continue
		}
		switch c := v[i+1]; {
		case c == '$':
			i++ // $$: a literal dollar
		case c == '{':
			j := i + 2
			for j < len(v) && nameByte(v[j], j > i+2) {
				j++
			}
			if j > i+2 {
				out = append(out, v[i+2:j])
			}
			i = j - 1 // the default's own $ is read next
		case nameByte(c, false):
			j := i + 1
			for j < len(v) && nameByte(v[j], true) {
				j++
			}
			out = append(out, v[i+1:j])
			i = j - 1
		}
	}
	return out
}

// nameByte reports whether b may be in a variable's name (after its first
// byte when rest).
func nameByte(b byte, rest bool) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || rest && b >= '0' && b <= '9'
}
