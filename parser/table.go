package parser

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// declAssoc reports whether a declaration makes its names associative
// arrays: declare -A, typeset -A, local -A (-gA, -Ar).
func declAssoc(d *syntax.DeclClause) bool {
	if d.Variant == nil || d.Variant.Value == "export" || d.Variant.Value == "readonly" {
		return false
	}
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil && IsOptionWord(a.Value) && strings.HasPrefix(a.Value.Lit(), "-") &&
			strings.Contains(a.Value.Lit(), "A") {
			return true
		}
	}
	return false
}

// tableModes returns the candidates of a mode table: an associative array
// declared at the top level (declare -A MODE_FLAGS=([serve]="" [eval]="--seed
// 0 --max-num-seqs 32"), declare -A SEQS=([serve]=$OWNER [bench]=64)) that the
// engine's argv reads by the mode (${MODE_FLAGS[$MODE]}, "${SEQS[$1]}"): each
// key is a mode, its entry that mode's own code. Only when a key names the
// proven mode: a table keyed by the GPU or the model (an a100/h100 or a
// llama/qwen preset read by ${SEQS[$GPU]}) is no mode table, nor one
// assigned again elsewhere (one table, one place per mode).
func (s *Script) tableModes() []candidate {
	if len(s.assocs) == 0 {
		return nil
	}
	refs := map[string]bool{}
	for _, n := range s.argvRefs() {
		refs[n] = true
	}
	var out []candidate
	for _, a := range s.assocs {
		name := a.Name.Value
		if !refs[name] || len(s.Assigns[name]) != 1 {
			continue
		}
		sel := s.tableLookup(name)
		if sel == nil {
			continue
		}
		env, arg, opt := s.selectorKind(sel)
		var cs []candidate
		proven := false
		for _, el := range a.Array.Elems {
			if el.Index == nil || el.Value == nil {
				continue
			}
			key, ok := s.assocKey(el)
			if !ok || !modeName(key) {
				continue
			}
			proven = proven || key == s.provenName
			r := Range{s.Off(el.Value.Pos()), s.Off(el.Value.End())}
			cs = append(cs, candidate{name: key, start: s.Off(el.Index.Pos()), end: s.Off(el.Index.End()), ranges: []Range{r},
				byEnv: env, byArg: arg, byOpt: opt})
		}
		if proven {
			out = append(out, cs...)
		}
	}
	return out
}

// tableLookup returns the subscript of a read of table name by the mode
// (${T[$MODE]}, ${T[$1]}, ${T[${MODE}]}, also ${T[$MODE]+x} in a test),
// nil when every read of it has another subscript (or none: ${T[@]}). A
// list or a count of its keys (${!T[@]}, ${!T[*]}, ${#T[@]}: a usage
// message naming the modes) reads no entry, and is no other subscript.
func (s *Script) tableLookup(name string) *syntax.Word {
	var found *syntax.Word
	for _, pe := range s.Params() {
		if pe.Param == nil || pe.Param.Value != name || pe.Index == nil {
			continue
		}
		iw, ok := pe.Index.(*syntax.Word)
		if !ok {
			return nil
		}
		if all := iw.Lit(); (pe.Excl || pe.Length) && (all == "@" || all == "*") {
			continue
		}
		p := SingleParam(iw)
		if p == nil || p.Param == nil || !asIs(p) || !isParamOf(iw, s.Selectors) {
			return nil // ${T[$GPU]}, ${T[@]}: not read by the mode alone
		}
		found = iw
	}
	return found
}

// tableFields returns the fields of an unquoted read of a mode table's
// entry by the mode (${MODE_FLAGS[$MODE]}): every entry's flags, each at
// its place in the table (each is its mode's own code, tableModes), as a
// string variable assigned in each mode's branch gives its fields. ok is
// false when w is no such read, or an entry is not a literal string of
// flags (nor empty).
func (s *Script) tableFields(w *syntax.Word, pe *syntax.ParamExp) (out []ArgWord, ok bool) {
	if _, quoted := w.Parts[0].(*syntax.DblQuoted); quoted || pe.Exp != nil || pe.Repl != nil || pe.Slice != nil || pe.Excl || pe.Length || pe.Index == nil {
		return nil, false
	}
	table := s.modeTable(pe)
	if table == nil {
		return nil, false
	}
	name := pe.Param.Value
	for _, el := range table.Array.Elems {
		if el.Value == nil {
			continue
		}
		if v, lit := LitValue(el.Value); lit && strings.TrimSpace(v) == "" {
			continue // [serve]="": no word at all
		}
		f := s.splitLit(el.Value, name, table)
		if f == nil {
			return nil, false
		}
		out = append(out, f...)
	}
	return out, true
}

// modeTable returns the assignment of the mode table pe reads by the mode
// (${T[$MODE]}, ${T[$1]}): an associative array assigned once, at its
// declaration, a key of which names the proven mode; nil otherwise (a
// table keyed by the GPU or the model is not the modes' own code).
func (s *Script) modeTable(pe *syntax.ParamExp) *Assign {
	if pe.Param == nil || pe.Index == nil {
		return nil
	}
	iw, isWord := pe.Index.(*syntax.Word)
	if !isWord || !isParamOf(iw, s.Selectors) || !asIs(SingleParam(iw)) {
		return nil
	}
	name := pe.Param.Value
	as := s.Assigns[name]
	if len(as) != 1 || as[0].Array == nil {
		return nil
	}
	for _, a := range s.assocs {
		if a.Name.Value == name && s.Off(a.Pos()) == as[0].Start && s.keysProven(as[0].Array) {
			return as[0]
		}
	}
	return nil
}

// tableEntry returns the value of the entry of a mode table whose key is
// the mode's name, nil when it has none. The table's entries are indexed
// once: a scan of them for each mode made a table of 20,000 modes take 12
// s of privateshape, shapealias and envowner (50,000: over a minute).
func (s *Script) tableEntry(table *Assign, mode string) *syntax.Word {
	s.tableKeysMu.Lock()
	defer s.tableKeysMu.Unlock()
	keys, ok := s.tableKeys[table]
	if !ok {
		keys = map[string]*syntax.Word{}
		for _, el := range table.Array.Elems {
			if key, ok := s.assocKey(el); ok && el.Value != nil {
				keys[key] = el.Value // a key given twice: the last wins, as in bash
			}
		}
		if s.tableKeys == nil {
			s.tableKeys = map[*Assign]map[string]*syntax.Word{}
		}
		s.tableKeys[table] = keys
	}
	return keys[mode]
}

// keysProven reports whether a key of a table names the proven mode.
func (s *Script) keysProven(arr *syntax.ArrayExpr) bool {
	for _, el := range arr.Elems {
		if key, ok := s.assocKey(el); ok && key == s.provenName {
			return true
		}
	}
	return false
}

// assocKey returns the literal key of an element of an associative array's
// compound assignment: [serve]=…, and also [kl-ref]=…, which the parser
// reads as arithmetic (kl minus ref) where bash takes the key's text as it
// is; only plain text (letters, digits, _ - . : + / @ %) counts then.
func (s *Script) assocKey(el *syntax.ArrayElem) (string, bool) {
	if el.Index == nil {
		return "", false
	}
	if iw, ok := el.Index.(*syntax.Word); ok {
		return LitValue(iw)
	}
	st, en := s.Off(el.Index.Pos()), s.Off(el.Index.End())
	if st < 0 || en > len(s.Src) || st >= en {
		return "", false
	}
	key := string(s.Src[st:en])
	if strings.Trim(key, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.:+/@%") != "" {
		return "", false
	}
	return key, true
}
