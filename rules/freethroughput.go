package rules

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/servelint/servelint/parser"
)

// FreeThroughput finds comments that call a wider step or more seats free.
var FreeThroughput = &analysis.Analyzer{
	Name: "freethroughput",
	Doc: `a comment claims a wider step or more seats is free

Law 1 (the step is charged to the card): --max-num-batched-tokens sizes the
activation arena, taken out of GPU memory before weights and KV cache are
funded (measured: step 1,024 → arena 504 MiB; step 65,536 → 10.65 GiB, 14
GiB less claimable). A comment that calls a wide step "free throughput" is
false, and it is how private shapes get written. The claim must be about
the step or the seats (a word for them outside the claim itself and outside
a feature's name such as --enable-chunked-prefill), and a denied claim
("isn't free throughput", "no free lunch", "nobody should think a
wider step costs nothing", "Myth: more seats are free") is not one, nor is one framed as
an appearance and turned against after it ("would look like free
throughput, but its arena comes out of the KV cache"). A script's comments
and the whole-line comments of an env file a launcher reads are read.

Fix: the comment is rewritten to say what the mode inherits and that the
step's arena is charged to the card.`,
	Requires: []*analysis.Analyzer{Model},
	Run:      runFreeThroughput,
}

// claimRE matches the claim that something costs nothing.
var claimRE = lazy(`(?i)\bfree[- ]throughput\b|\bcosts? (?:us )?nothing\b|\b(?:no|zero) (?:extra |additional )?(?:vram|gpu|memory|hbm) (?:cost|overhead|penalty)\b|\bdoes(?:n't| not) (?:use|need|take|eat) (?:any )?(?:more|extra|additional) (?:gpu )?(?:memory|vram|hbm)\b|\bsame (?:gpu )?(?:memory|vram|hbm) footprint\b|\b(?:zero|no) (?:extra |additional )?cost\b|\bdoes(?:n't| not) cost\b|\bfor free\b|\b(?:is|are|comes?) (?:basically |essentially |practically )?free\b|\bfree (?:lunch|win|speed-?up)\b`)

// strongRE is the claim quoted first when a comment makes several.
var strongRE = lazy(`(?i)\bfree[- ]throughput\b`)

// claimFollowed returns the claim a comment line makes, "" when none, and
// the line with the claim cut out (where its subject must be: "free
// throughput" alone says nothing about the step or the seats). next returns
// the text of the following lines of its comment block ("" when none): a
// claim framed as an appearance and contradicted by what follows ("a
// wider step would look like free throughput here, / but its arena comes
// out of the KV cache") is none.
func claimFollowed(text string, next func() string) (claim, rest string) {
	low := strings.ToLower(text)
	// Every claimRE alternative holds one of these words: skip the regexps
	// for comments with none of them.
	if !strings.Contains(low, "free") && !strings.Contains(low, "cost") && !strings.Contains(low, "nothing") &&
		!strings.Contains(low, "overhead") && !strings.Contains(low, "penalty") && !strings.Contains(low, "more") &&
		!strings.Contains(low, "footprint") {
		return "", text
	}
	for i, re := range []lazyRE{strongRE, claimRE} {
		if i == 0 && !strings.Contains(low, "throughput") {
			continue // strongRE needs the word (pprof: 2% of a tree's CPU)
		}
		for _, m := range re.FindAllStringIndex(text, -1) {
			if !negated(low[:m[0]]) && !quoted(text, m[0], m[1]) && !permission(low[m[1]:]) && !forParty(low[m[1]:]) && !compound(low, m[1]) && !question(text[m[1]:]) && !refuted(low[m[1]:]) &&
				(!apparent(low[:m[0]]) || !contrasted(low[m[1]:]+" "+strings.ToLower(next()))) {
				return text[m[0]:m[1]], claimSubject(text, m[0], m[1])
			}
		}
	}
	return "", text
}

// claimSubject returns the words of a comment line that may name what the
// claim at text[start:end] is said of: its own sentence before it (a
// heading before a colon included: "bench: a wider step is free
// throughput"), and after it the rest of its clause ("costs nothing to
// double the step"), or, for a claim that opens its sentence, the rest of
// the sentence ("Free throughput: bump the step to 64k"). Another sentence,
// and a clause after the claim that explains its subject ("a dry run costs
// nothing: it only prints the argv with the step and seats", "the HF token
// costs nothing, get one at …/settings/tokens"), name no subject of it.
func claimSubject(text string, start, end int) string {
	before := text[:start]
	before = before[strings.LastIndexAny(before, ".;!?")+1:]
	after := text[end:]
	stops := ",:;.!?"
	if !strings.ContainsFunc(before, unicode.IsLetter) { // "  - Free throughput: …"
		stops = ".;!?"
	} else if bareSubject(before) {
		// "It's free throughput: bump --max-num-seqs to 512", "This is
		// basically free: doubling the step …": the pronoun names nothing,
		// the rest of the sentence says what widens. Not when it widens
		// nothing ("It costs nothing: it only prints the step").
		sentence := after
		if i := strings.IndexAny(sentence, ".;!?"); i >= 0 {
			sentence = sentence[:i]
		}
		if widenRE.MatchString(sentence) {
			stops = ".;!?"
		}
	}
	if i := strings.IndexAny(after, stops); i >= 0 {
		after = after[:i]
	}
	return before + " " + after
}

// bareWords are the words before a claim that name no subject of it: a
// pronoun, a copula, an adverb ("It's", "This is basically", "that's
// pretty much").
var bareWords = map[string]bool{
	"it": true, "it's": true, "its": true, "this": true, "this's": true, "that": true, "that's": true, "thats": true,
	"is": true, "was": true, "are": true, "basically": true, "essentially": true, "practically": true, "effectively": true,
	"pretty": true, "much": true, "almost": true, "totally": true, "completely": true, "just": true, "really": true,
	"literally": true, "kind": true, "sort": true, "of": true, "also": true,
}

// bareSubject reports whether the words before a claim are bareWords only.
func bareSubject(before string) bool {
	words := strings.FieldsFunc(strings.ToLower(strings.ReplaceAll(before, "’", "'")), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	for _, w := range words {
		if !bareWords[w] {
			return false
		}
	}
	return len(words) > 0
}

// quoted reports whether the claim is quoted ("costs nothing" claims were
// wrong): someone else's words, not the comment's.
func quoted(text string, start, end int) bool {
	return start > 0 && end < len(text) && strings.ContainsRune(`"'`+"`“‘", rune(text[start-1])) ||
		start > 0 && end < len(text) && (text[end] == '"' || text[end] == '\'')
}

// permission reports whether "free" is followed by what says it means
// allowed or without, not costless: "free to tune", "free of", "free from".
func permission(after string) bool {
	after = strings.TrimLeft(after, " ")
	return strings.HasPrefix(after, "to ") || strings.HasPrefix(after, "of ") || strings.HasPrefix(after, "from ")
}

// compound reports whether a claim ending in "free" is the first half of
// a hyphenated word ("for free-tier users", "is free-form"), not a claim.
func compound(low string, end int) bool {
	return strings.HasSuffix(low[:end], "free") && end+1 < len(low) && low[end] == '-' && unicode.IsLetter(rune(low[end+1]))
}

// partyRE matches "for" and the people a price is waived for: "tokens are
// free for internal users", "free for customers on the pro plan".
var partyRE = lazy(`^\s*for\s+(?:(?:all|our|the|internal|external|paying|trial|academic|new|existing|early)\s+){0,2}(?:users?|customers?|clients?|everyone|everybody|anyone|students?|employees?|staff|members?|tenants?|partners?|subscribers?|developers?|researchers?|teams?)\b`)

// forParty reports whether a claim is followed by whom something is free
// for: a price, not the card's memory ("tokens are free for internal
// users; billing lives in the gateway"). "Free for us" stays a claim ("a
// 64k step is free for us: the arena is on the disk tier").
func forParty(after string) bool {
	return partyRE.MatchString(after)
}

// refuted reports whether what follows a claim calls it wrong ("widening
// the step costs nothing -- WRONG, see the ledger").
func refuted(after string) bool {
	for _, w := range strings.FieldsFunc(after, func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch w {
		case "wrong", "false", "myth", "untrue", "incorrect", "debunked":
			return true
		}
	}
	return false
}

// apparentRE matches a sentence that frames what follows as an appearance
// or a belief, not the comment's own claim: "would look like", "seems",
// "you'd think", "is tempting to call".
var apparentRE = lazy(`\b(?:looks?|looked|looking|sounds?|sounded) like\b|\b(?:seems?|seemed|appears?|appeared)\b|\b(?:you'd|one would|you would|one might|you might|we|people|i) (?:used to )?(?:think|thought|expect|assume)\b|\btempting\b`)

// apparent reports whether the sentence before a claim (lower case) frames
// it as an appearance or a belief.
func apparent(before string) bool {
	return apparentRE.MatchString(before[strings.LastIndexAny(before, ".;!?")+1:])
}

// contrastRE matches a word that turns against what was said before it.
var contrastRE = lazy(`\b(?:but|however|actually|in fact|in reality|in practice|instead|yet)\b`)

// contrasted reports whether what follows a claim (lower case: the rest of
// its line and the next lines of its comment block) turns against it, in
// the rest of its sentence or the next one.
func contrasted(after string) bool {
	if m := claimRE.FindStringIndex(after); m != nil {
		after = after[:m[0]] // another claim starts: its own contrast is its own
	}
	if i := strings.IndexAny(after, ".;!?"); i >= 0 {
		if j := strings.IndexAny(after[i+1:], ".;!?"); j >= 0 {
			after = after[:i+1+j]
		}
	}
	return contrastRE.MatchString(after)
}

// question reports whether the claim's sentence ends in a question mark
// ("more seats cost nothing at idle? wrong: …").
func question(after string) bool {
	i := strings.IndexAny(after, ".;:!?")
	return i >= 0 && after[i] == '?'
}

// denialWords frame what follows in their sentence as false: "nobody
// should think a wider step costs nothing", "it is a myth that more seats
// are free".
var denialWords = map[string]bool{"nobody": true, "noone": true, "myth": true, "myths": true, "misconception": true, "fallacy": true, "untrue": true}

// negated reports whether the sentence before a claim denies it: "a wide
// step isn't free throughput", "is NOT free throughput", "no free lunch",
// "there's no such thing as free throughput".
func negated(before string) bool {
	sentence := before[strings.LastIndexAny(before, ".;!?")+1:]
	if i := strings.LastIndexByte(sentence, ':'); i >= 0 {
		// A heading that calls what follows false: "Myth: a wider step
		// costs nothing", "A common misconception: more seats are free".
		for _, w := range strings.FieldsFunc(sentence[:i], func(r rune) bool { return !unicode.IsLetter(r) }) {
			if denialWords[w] {
				return true
			}
		}
	}
	before = before[strings.LastIndexAny(before, ".;:!?")+1:] // this sentence
	words := strings.FieldsFunc(before, func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\''
	})
	// The whole sentence before the claim: "there's no such thing as free
	// throughput", "don't believe anyone who says a wider step costs
	// nothing".
	for i := len(words) - 1; i >= 0; i-- {
		switch w := words[i]; {
		case w == "not" || w == "never" || w == "no" || w == "nor" || w == "hardly" || strings.HasSuffix(w, "n't") ||
			w == "nothing" || w == "none" || w == "neither" || denialWords[w]:
			return true
		}
	}
	return false
}

// subjectRE matches what the claim must be about: the step or the seats.
var subjectRE = lazy(`(?i)\b(?:step|steps|seats?|seqs|max[-_]num[-_]seqs|max[-_]num[-_]batched[-_]tokens|(?:prefill|token) budget|batch(?:ed)?|tokens|mnbt|arena|throughput|concurrency|slots?|prefill|chunk(?:ed)?|max[-_ ]running[-_ ]requests|max[-_]batch[-_]size|max[-_]num[-_]tokens)\b`)

// featureRE matches engine features named like the step's words whose
// claims are about the feature, not the step: "--enable-chunked-prefill is
// essentially free throughput" (it narrows the step, if anything).
var featureRE = lazy(`(?i)(?:--)?(?:enable[-_ ])?chunked[-_ ]prefill(?:ing)?`)

// budgetRE matches the step named as chunked prefill's token budget ("the
// chunked-prefill budget", "prefill token budget"): featureRE would take it
// for the feature's name.
var budgetRE = lazy(`(?i)\b(?:chunked[-_ ])?prefill[-_ ](?:token[-_ ])?budget\b`)

// aboutShape reports whether rest (a comment with its claim cut out) names
// the step or the seats.
func aboutShape(rest string) bool {
	if budgetRE.MatchString(rest) {
		return true // "the chunked-prefill budget": the step itself, not the feature
	}
	if strings.Contains(strings.ToLower(rest), "chunked") {
		rest = featureRE.ReplaceAllString(rest, " ")
	}
	if subjectRE.MatchString(rest) {
		rest = modifierRE.ReplaceAllString(rest, " ")
	}
	return subjectRE.MatchString(rest)
}

// modifierRE matches a word for the step or the seats that is not their
// name but a label or a modifier of another noun, whose cost the claim is
// about: a procedure's step ("Step 2 is free if the container is up", "the
// next step"), a batch job, a throughput test, the step counter of the
// metrics, tokens per second, a request's output or prompt tokens. A word that is also a verb after a noun
// ("the step runs", "more seats queue") is none of them.
var modifierRE = lazy(`(?i)\bsteps?\s+#?\d{1,2}(?:\s*[-–]\s*\d{1,2})?\b` +
	`|\b(?:first|second|third|fourth|fifth|next|last|final|previous|following)\s+steps?\b` +
	`|\b(?:steps?|batch(?:ed)?|throughput|tokens?|seats?|slots?|prefill|concurrency)[- ](?:jobs?|metrics?|counters?|tests?|benchmarks?|stats|statistics|api|mode|scripts?|file|log|logging|dashboards?|graphs?|panels?|label|name|ids?|endpoints?|processing|inference|pipelines?|window|report|histograms?|gauges?|trace|timers?)\b` +
	`|\btokens?\s*(?:per\s+second|/\s*s(?:ec)?)\b` +
	// A request's tokens, not the step's: its max_tokens, its output, its
	// prompt ("output tokens are free on our cluster", "--max-new-tokens
	// 1024 is free").
	`|\b(?:max[-_ ]?(?:new[-_ ])?|output|completion|generated|new|prompt|input|response|reasoning|thinking)[-_ ]?tokens?\b`)

// otherFeatureRE matches engine features that are neither the step nor the
// seats, whose claims are about themselves: "speculative decoding gives free
// throughput at low batch sizes" says nothing of a wider step.
var otherFeatureRE = lazy(`(?i)\b(?:speculative|spec[- ]?decod(?:e|ing)|eagle3?|medusa|mtp|draft (?:model|tokens?)|prefix[- ]cach(?:e|ing)|cached\s+(?:prompt\s+|prefix\s+|input\s+|context\s+)?tokens|cache[- ]hits?|radix[- ]cache|cuda[- ]?graphs?|overlap(?:ped)?[- ]schedul(?:er|ing)|fp8|int[48]|awq|gptq|quantization|lora|torch[. ]compile|dp[- ]attention|(?:data|expert)[- ]parallel(?:ism)?|(?:two|dual)[- ]batch[- ]overlap|tbo|dbo|deep[- ]?ep|flashinfer|flash[- ]?attention|fa3)\b`)

// strongSubjectRE matches the words that name the step or the seats
// themselves; "batch", "tokens" or "concurrency" beside another feature
// only say when that feature pays off ("free throughput at low batch
// sizes", "prompts in a batch are basically free").
var strongSubjectRE = lazy(`(?i)\b(?:step|steps|seats?|max[-_]num[-_]seqs|max[-_]num[-_]batched[-_]tokens|mnbt|arena|chunk size|chunked[-_]prefill[-_]size|max[-_]running[-_]requests)\b` +
	// A number or a widening of the batch, the seqs or the tokens is the
	// subject itself, the feature only the reason given ("with the fp8
	// KV cache, 65536 batched tokens is free throughput", "thanks to CUDA
	// graphs, batching 512 seqs costs nothing", "a bigger batch").
	`|(?i)(?:\b\d+[kKmM]?|\b(?:bigger|larger|wider|more|doubl\w*|higher|max(?:imum)?))(?:\s+(?:concurrent|batched|prefill|running|parallel|simultaneous|active|in-flight))?\s+(?:batch(?:ed|es)?|seqs|sequences|tokens|requests|concurrency|slots)\b` +
	// The keys that own them, by name.
	`|(?i)[A-Z0-9_]*_(?:MAX_NUM_SEQS|MAX_SEQS|MAX_NUM_BATCHED_TOKENS|MAX_BATCHED_TOKENS|MNBT|MAX_RUNNING_REQUESTS)\b`)

// sentenceBefore returns the text of the claim's sentence before it, a
// heading before a colon included ("FP8 KV cache: twice the tokens for
// free" is about the fp8 KV cache); false when text does not hold claim.
func sentenceBefore(text, claim string) (string, bool) {
	i := strings.Index(text, claim)
	if i < 0 {
		return "", false
	}
	before := text[:i]
	return before[strings.LastIndexAny(before, ".;!?")+1:], true
}

// subjectIsOtherFeature reports whether the sentence before the claim (its
// subject) names another engine feature and neither the step nor the seats.
func subjectIsOtherFeature(text, claim string) bool {
	before, ok := sentenceBefore(text, claim)
	return ok && otherFeatureRE.MatchString(before) && !strongSubjectRE.MatchString(before)
}

// claimIn returns the claim a comment makes about the step or the seats,
// "" when it makes none.
func claimIn(text string) string {
	return claimInBlock(text, func() string { return "" })
}

// claimInBlock is claimIn for a comment line followed by the next lines of
// its block (next).
func claimInBlock(text string, next func() string) string {
	claim, rest := claimFollowed(text, next)
	if claim == "" || !aboutShape(rest) || subjectIsOtherFeature(text, claim) {
		return ""
	}
	if notAboutCostRE.MatchString(text) && !strings.Contains(strings.ToLower(claim), "throughput") {
		return ""
	}
	if unchangedRE.MatchString(claim) && !widenRE.MatchString(rest) {
		return "" // "keep max_num_seqs at 64 so it has the same memory footprint as prod"
	}
	if idleSubject(text, claim) || leftoverSubject(text, claim) || narrowingSubject(text, claim) || otherCost(text, claim) {
		return ""
	}
	if t := strings.TrimSpace(text); strings.HasPrefix(t, "!") || strings.HasPrefix(t, "shellcheck") {
		return ""
	}
	return claim
}

// unchangedRE matches a claim that memory stays as it was ("same memory
// footprint", "doesn't use more memory"): said of a step or seats kept as
// they are ("mnbt matches serve, so it has the same memory footprint"),
// it is true; it claims a wider shape free only when its clause widens one
// ("wider step, same memory footprint").
var unchangedRE = lazy(`(?i)^(?:same|does(?:n't| not) (?:use|need|take|eat))\b`)

// idleRE matches "free" said of a device, a port or a server's slot being
// idle: "wait until the GPU is free", "once both cards are free", "the
// port is free", "until all slots are free", "slots in llama-server are
// free" (llama-server's).
var idleRE = lazy(`(?i)\b(?:gpus?|cards?|devices?|nodes?|hosts?|machines?|boxe?s?|rigs?|ports?|slots?)(?:\s+(?:in|of)\s+\S+)?\s+(?:is|are)\s+(?:now\s+|again\s+|still\s+)?free$`)

// idleSubject reports whether a claim "is free"/"are free" is said of a
// device or a port (idle, available), not of the step or the seats.
//
// A device said free after the sentence named a wider step or the seats
// is the claim itself ("a wide step: the arena is on the disk tier, so the
// card is free"), unless a time word puts the device's idleness as a
// condition ("boot the 64k step once the GPU is free").
func idleSubject(text, claim string) bool {
	i := strings.Index(text, claim)
	if i < 0 {
		return false
	}
	upto := text[:i+len(claim)]
	if againRE.MatchString(text[i+len(claim):]) && strings.HasSuffix(strings.ToLower(claim), " free") {
		return true // "the seats are free again after the drain": idle once more
	}
	m := idleRE.FindStringIndex(upto)
	if m == nil || onDeviceRE.MatchString(upto) {
		return false
	}
	pre := upto[:m[0]]
	pre = pre[strings.LastIndexAny(pre, ".;!?")+1:]
	clause := pre[strings.LastIndexAny(pre, ",:")+1:]
	if idleTimeRE.MatchString(clause) {
		return true
	}
	return !strongSubjectRE.MatchString(pre) && !widenRE.MatchString(pre)
}

// leftoverRE matches "is free" said of the memory left over, a relative
// clause or "what": "what is free after the weights and the step's arena
// is the KV cache", "whatever memory is free", "the VRAM that is free once
// the arena is carved out goes to the seats". That is law 1 told, the
// arena charged first; nothing is called costless.
var leftoverRE = lazy(`(?i)(?:\bwhat|\bwhatever(?:\s+(?:memory|vram|hbm|ram|space|headroom|capacity))?|\b(?:memory|vram|hbm|ram|space|headroom|capacity)\s+(?:that|which))\s+(?:is|are)\s+(?:still\s+|then\s+|left\s+)?free$`)

// leftoverSubject reports whether a claim "is free" is said of the memory
// left over (leftoverRE), not of the step or the seats.
func leftoverSubject(text, claim string) bool {
	i := strings.Index(text, claim)
	return i >= 0 && leftoverRE.MatchString(text[:i+len(claim)])
}

// againRE matches "again" right after "is free": what was busy is idle
// once more; nothing becomes costless again.
var againRE = lazy(`(?i)^\s+again\b`)

// idleTimeRE matches a word that makes a device's being free a time or a
// condition ("wait until", "once", "when"), not a cost.
var idleTimeRE = lazy(`(?i)\b(?:when|whenever|once|until|till|while|if|whether|after|before|wait(?:s|ing)?|as soon as)\b`)

// onDeviceRE matches a device named after a preposition, where it is not
// the subject: "a wider step on these GPUs is free".
var onDeviceRE = lazy(`(?i)\b(?:on|with|across|per|for|over|in)\s+(?:\S+\s+){0,2}(?:gpus?|cards?|devices?|nodes?|hosts?|machines?|boxe?s?|rigs?|ports?|slots?)\s+(?:is|are)\s+(?:now\s+|again\s+|still\s+)?free$`)

// notAboutCostRE excludes talk about free disk space or free memory readings.
// "Free" is the verb there ("the cache frees blocks", "free up the cache"),
// not "are free: the KV cache absorbs them", which is a claim.
var notAboutCostRE = lazy(`(?i)\bfree (?:disk|space|memory|ram|vram|gpu|port|slot)s?\b|\bfree -[hmg]\b|lock-?free|\b(?:frees|freed|freeing|free up|free the)\b.*\bcache\b`)

func runFreeThroughput(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	for _, s := range c.Unit.Scripts {
		if len(s.Invocations) == 0 {
			continue
		}
		for i, cm := range s.Comments {
			// The block's next lines are read only for a claim framed
			// as an appearance (pprof: building them for every comment
			// was 3% of a tree's CPU).
			claim := claimInBlock(cm.Text, func() string { return blockAfter(s, i) })
			if claim == "" {
				continue
			}
			if deniedAbove(blockBefore(s, i), cm.Text, claim) {
				continue // "# Do not assume that a wider step\n# costs nothing: …"
			}
			c.report(pass, diag{sev: Warning, path: s.Path, start: cm.Start, end: cm.End,
				msg:    fmt.Sprintf("comment claims %q, but the step's activation arena is charged to the card: a wider step takes VRAM from the weights and the KV cache", claim),
				fixMsg: "say what the mode inherits",
				edits:  []edit{{s.Path, cm.Start, cm.End, c.inheritComment(s, cm.Modes)}}})
		}
	}
	// The env file that owns the numbers is where a wide step is often
	// argued for ("a 64k step is free throughput, bump it when you need
	// speed"): its whole-line comments, when a launcher reads it.
	for _, e := range c.Unit.Envs {
		if !slices.ContainsFunc(c.Unit.ScriptsReading(e), func(s *parser.Script) bool { return len(s.Invocations) > 0 }) {
			continue
		}
		for k, ln := range e.Lines {
			if ln.Kind != parser.LineComment {
				continue
			}
			text := strings.TrimPrefix(strings.TrimSpace(ln.Text), "#")
			claim := claimIn(text)
			if claim == "" {
				continue
			}
			if k > 0 && e.Lines[k-1].Kind == parser.LineComment {
				if deniedAbove(strings.TrimPrefix(strings.TrimSpace(e.Lines[k-1].Text), "#"), text, claim) {
					continue
				}
			}
			start := ln.Start + strings.IndexByte(ln.Text, '#')
			c.report(pass, diag{sev: Warning, path: e.Path, start: start, end: ln.End,
				msg:    fmt.Sprintf("comment claims %q, but the step's activation arena is charged to the card: a wider step takes VRAM from the weights and the KV cache", claim),
				fixMsg: "say that the step is charged to the card",
				edits:  []edit{{e.Path, start, ln.End, "# the step's activation arena is charged to the card: a wider step takes VRAM from the weights and the KV cache, it is not free."}}})
		}
	}
	return nil, nil
}

// blockAfter returns the text of the comments that follow s.Comments[i] on
// the next lines of its block (only white space and one newline between
// each), at most three lines, joined by spaces.
// blockBefore returns the text of the comment line right above comment i
// in its block (the line before it, nothing but blanks between), "" when
// there is none.
func blockBefore(s *parser.Script, i int) string {
	if i == 0 {
		return ""
	}
	prev, cm := s.Comments[i-1], s.Comments[i]
	if prev.End > cm.Start || cm.Start > len(s.Src) {
		return ""
	}
	gap := s.Src[prev.End:cm.Start]
	if bytes.Count(gap, []byte("\n")) != 1 || len(bytes.TrimSpace(gap)) != 0 {
		return ""
	}
	return prev.Text
}

// deniedAbove reports whether the sentence a comment line's claim is in
// started on the line above (prev), which denies it: "# Do not assume
// that a wider step" over "# costs nothing: the arena is charged to the
// card". A line that starts a list item or a capital starts its own
// sentence, and a line above that makes a claim of its own ends one.
func deniedAbove(prev, text, claim string) bool {
	lead := sentenceLead(prev)
	i := strings.Index(text, claim)
	if lead == "" || i < 0 || bulletRE.MatchString(text) || bulletRE.MatchString(prev) || claimRE.MatchString(lead) {
		return false
	}
	// The line goes on with the sentence: its first letter is lower case
	// ("# costs nothing: …"); "# Since we run AWQ, …" starts another.
	if j := strings.IndexFunc(text, unicode.IsLetter); j < 0 || !unicode.IsLower([]rune(text[j:])[0]) {
		return false
	}
	return negated(strings.ToLower(lead + " " + text[:i]))
}

// bulletRE matches a comment line that is a list item.
var bulletRE = lazy(`^\s*#*\s*(?:[-*+•]|\d{1,2}[.)])\s`)

// sentenceLead returns the start of the sentence a comment line leaves
// open for the next line to end (its text after its last sentence
// boundary), "" when it ends its sentence or holds no words. A claim on
// the next line is read with it: "# Do not assume that a wider step" over
// "# costs nothing: the arena is charged to the card" denies the claim.
func sentenceLead(prev string) string {
	t := strings.TrimSpace(prev)
	if t == "" || strings.ContainsRune(".;:!?", rune(t[len(t)-1])) {
		return ""
	}
	lead := t[strings.LastIndexAny(t, ".;:!?")+1:]
	if !strings.ContainsFunc(lead, unicode.IsLetter) {
		return ""
	}
	return lead
}

func blockAfter(s *parser.Script, i int) string {
	var b strings.Builder
	for j := i + 1; j < len(s.Comments) && j <= i+3; j++ {
		prev, cm := s.Comments[j-1], s.Comments[j]
		if prev.End > cm.Start || cm.Start > len(s.Src) {
			break
		}
		gap := s.Src[prev.End:cm.Start]
		if bytes.Count(gap, []byte("\n")) != 1 || len(bytes.TrimSpace(gap)) != 0 {
			break
		}
		b.WriteString(" ")
		b.WriteString(cm.Text)
	}
	return b.String()
}

// inheritComment writes the replacement comment: what the mode inherits,
// from which key of which file, and that the step is charged to the card.
func (c *Context) inheritComment(s *parser.Script, modes []*parser.Mode) string {
	var seats, step *parser.Owner
	for _, p := range s.Profiles() {
		if o, ok := c.Unit.Owner(s, p, p.SeatsFlag); ok && seats == nil {
			seats = &o
		}
		if o, ok := c.Unit.Owner(s, p, p.StepFlag); ok && step == nil {
			step = &o
		}
	}
	who := "every mode"
	if len(modes) > 0 {
		who = parser.ModeNames(modes)
	}
	file := func(o *parser.Owner) string {
		rel, err := filepath.Rel(filepath.Dir(s.Path), o.Def.File.Path)
		if err != nil {
			rel = filepath.Base(o.Def.File.Path)
		}
		return rel
	}
	one := func(o *parser.Owner) string { return fmt.Sprintf("%s ($%s)", o.Flag, o.Key) }
	switch {
	case allCalib(modes) && seats != nil:
		return fmt.Sprintf("# %s inherits %s from %s; its step is its own knob from the env file, and the step's activation arena is charged to the card, not free.", who, one(seats), file(seats))
	case seats != nil && step != nil && file(seats) == file(step):
		return fmt.Sprintf("# %s inherits %s and %s from %s; the step's activation arena is charged to the card, not free.", who, one(seats), one(step), file(seats))
	case seats != nil && step != nil:
		return fmt.Sprintf("# %s inherits %s from %s and %s from %s; the step's activation arena is charged to the card, not free.", who, one(seats), file(seats), one(step), file(step))
	case step != nil:
		return fmt.Sprintf("# %s inherits %s from %s; the step's activation arena is charged to the card, not free.", who, one(step), file(step))
	case seats != nil:
		return fmt.Sprintf("# %s inherits %s from %s; more seats and a wider step are charged to the card, not free.", who, one(seats), file(seats))
	}
	return fmt.Sprintf("# %s inherits the proven shape; the step's activation arena is charged to the card, not free.", who)
}

// narrowRE matches a sentence that narrows the step or the seats themselves:
// the narrowing word governs them ("lowering the step", "a smaller step",
// "dropping seats to 4", "the step lowered to 512"). A narrowing word said
// of something else is no narrowing of the step: "a wide step cuts each
// document into fewer steps", "lower latency", "halves the steps per
// document" are the very reasons given for a wider step. widenRE matches a
// widening anywhere in the sentence ("a wide step", "raising", "64k").
var (
	narrowWords = `(?:lower(?:s|ed|ing)?|drop(?:s|ped|ping)?|reduc(?:e|es|ed|ing)|shrink(?:s|ing)?|shrunk|fewer|smaller|narrower|decreas(?:e|es|ed|ing)|halv(?:e|es|ed|ing))`
	narrowParts = `(?:lowered|dropped|reduced|shrunk|decreased|halved)`
	shapeNouns  = `(?:step|seats?|slots?|seqs|max[-_]num[-_]seqs|max[-_]num[-_]batched[-_]tokens|mnbt|concurrency)`
	narrowRE    = lazy(`(?i)\b` + narrowWords + `\s+(?:(?:the|a|an|its|our|their|this|that|calib's|calib|mode's)\s+)?` + shapeNouns + `\b` +
		`|(?i)\b` + shapeNouns + `\s+(?:(?:is|are|was|were|gets?|got|being|been)\s+` + narrowParts + `|` + narrowParts + `\s+(?:to|by)\b)`)
	widenRE = lazy(`(?i)\b(?:rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|wide|wider|widen(?:s|ed|ing)?|large|larger|big|bigger|huge|long|longer|more|doubl(?:e|es|ed|ing)|grow(?:s|ing)?|bump(?:s|ed|ing)?|higher)\b|\b\d+[kK]\b|\b\d{5,}\b`)
)

// narrowingSubject reports whether the sentence holding the claim narrows
// the step or the seats, and widens nothing: no claim that a wider step is
// free.
func narrowingSubject(text, claim string) bool {
	before, ok := sentenceBefore(text, claim)
	if !ok {
		return false
	}
	ms := narrowRE.FindAllStringIndex(before, -1)
	if ms == nil || widenRE.MatchString(before) {
		return false
	}
	// The narrowed step or seats must be what the claim is said of: a
	// step or seats named after the narrowing are the claim's own subject
	// ("dropping seats to 4 frees the card, so a 2x step is free
	// throughput", "fewer seats and a step covering the document: free
	// throughput").
	return !shapeNounRE.MatchString(before[ms[len(ms)-1][1]:])
}

// shapeNounRE matches a word naming the step or the seats.
var shapeNounRE = lazy(`(?i)\b` + shapeNouns + `\b`)

// otherDimensionRE matches what follows a claim when it names a cost other
// than the card's memory: "costs nothing in quality", "no extra cost in
// accuracy", "costs nothing in TTFT".
var otherDimensionRE = lazy(`(?i)^\s*(?:at all\s+)?(?:in|to|on)\s+(?:terms\s+of\s+)?(?:the\s+|its\s+|our\s+)?(?:output\s+|tail\s+|p\d+\s+)?(?:latency|quality|accuracy|ttft|tpot|itl|correctness|determinism|perplexity|speed|time)\b`)

// observedRE matches a sentence whose subject is observed, not sized: "each
// step is logged", "scraping the seats", "the step gets reported",
// "checking the step against the document", "reading MAX_NUM_SEQS from the
// env file".
var observedRE = lazy(`(?i)\b(?:is|are|gets?|being|been)\s+(?:logged|printed|reported|recorded|exported|scraped|measured|tracked|traced|counted|timed|profiled|shown|exposed|displayed|sampled|checked|validated|verified|compared|read|parsed|loaded|sourced)\b|\b(?:logging|printing|reporting|recording|exporting|scraping|measuring|tracking|tracing|counting|timing|profiling|monitoring|displaying|sampling|checking|validating|verifying|comparing|reading|parsing|loading|sourcing)\b`)

// otherCost reports whether a claim prices something other than a wider
// step or more seats on the card: a cost in another dimension named after
// it (quality, latency, accuracy), or the observing of the step or the
// seats named before it (logging, scraping, measuring) with no widening.
func otherCost(text, claim string) bool {
	i := strings.Index(text, claim)
	if i < 0 {
		return false
	}
	if otherDimensionRE.MatchString(text[i+len(claim):]) {
		return true
	}
	before, _ := sentenceBefore(text, claim)
	return observedRE.MatchString(before) && !widenRE.MatchString(before)
}
