// Package allowlist reads the YAML files that tell the planner three
// things, each with a reason:
//   - which checks an op is exempt from;
//   - which ops return views their schema does not admit;
//   - which alias-annotated ops may return a copy.
//
// A file maps categories to lists of entries:
//
//	views:
//	  - op: _unsafe_view
//	    arg: self
//	    reason: the kernel returns a view although the schema says fresh
//	skip:
//	  - op: native_batch_norm.*
//	    check: no_mutation
//	    arg: running_mean
//	    reason: updated in place in training mode
//
// An entry names its op with a selector (schema.Selector), as a config's
// ops: does, but without * for every op:
//   - "name" is the op of exactly that name ("reshape", "_embedding_bag");
//   - "name.overload" is one overload ("add.Tensor");
//   - "name.*" is every overload of name: "add.*" is add.Tensor,
//     add.Scalar, add.out, ... The in-place add_ is another name, "add_.*".
//
// The built-in defaults (see [Defaults]) model PyTorch's own lists, which
// PyTorch matches in other ways. An entry's match key selects those ways
// (see [Match]). Every entry needs a non-empty reason. The plan shows it,
// with the entry's position, next to each check the entry skips.
//
// User files are merged over the defaults ([Merge]) and checked against a
// schema ([List.Lint]). Errors at file:line:col are: unknown ops (with the
// closest name), entries for ops the schema does not have, duplicates,
// unknown arguments and unknown returns.
package allowlist

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/input"
	"github.com/assertgen/assertgen/schema"
)

// A Category says what an entry does.
type Category uint8

const (
	// SkipInputIdentity skips the same_impl and same_storage checks of the
	// op's inputs. Under the pytorch profile it drops every check of the
	// op, as PyTorch's codegen does for its list.
	SkipInputIdentity Category = iota
	// SkipImplUseCount skips impl_use_count_le_1 on every return.
	SkipImplUseCount
	// SkipStorageUseCount skips storage_use_count_eq_1 on every return,
	// and under strict distinct_outputs.
	SkipStorageUseCount
	// Views declares that the op's returns are views of Arg. Under strict,
	// it overrides a schema that says the returns are fresh. Under pytorch,
	// it is the only source of views (PyTorch's name table).
	Views
	// MayAlias declares that the op's alias-annotated returns may be a
	// copy: strict checks them with fresh_or_alias instead of
	// shares_storage. With Arg, the op's unannotated returns may also be
	// Arg itself or a view of it, and are checked with fresh_or_alias too.
	// That is a composite that returns its input when there is nothing to
	// do.
	MayAlias
	// Skip skips one check, by name, for every argument and return or for
	// the one given by Arg or Ret.
	Skip
	// ManualAutograd marks ops whose VariableType kernel PyTorch writes by
	// hand: the pytorch profile gives them no checks.
	ManualAutograd
	// ResetGradAccumulator and DontRequireDerivative are PyTorch codegen
	// lists. Under the pytorch profile, an op on them gets a generated
	// VariableType kernel even when derivatives.yaml has no entry for it.
	ResetGradAccumulator
	DontRequireDerivative

	numCategories
)

var categoryNames = [numCategories]string{
	SkipInputIdentity:     "skip_input_identity",
	SkipImplUseCount:      "skip_impl_use_count",
	SkipStorageUseCount:   "skip_storage_use_count",
	Views:                 "views",
	MayAlias:              "may_alias",
	Skip:                  "skip",
	ManualAutograd:        "manual_autograd",
	ResetGradAccumulator:  "reset_grad_accumulator",
	DontRequireDerivative: "dont_require_derivative",
}

func (c Category) String() string {
	if c < numCategories {
		return categoryNames[c]
	}
	return "Category(" + strconv.Itoa(int(c)) + ")"
}

// A Match says how an entry's op is compared with an operator.
type Match uint8

const (
	// Selector (the default): "name", "name.overload" or "name.*".
	Selector Match = iota
	// BaseName compares the name without overload, in-place "_" or dunder
	// underscores (torchgen's BaseOperatorName.base): "transpose" matches
	// transpose.int, transpose.Dimname and transpose_. PyTorch's view
	// table and DONT_REQUIRE_DERIVATIVE match this way.
	BaseName
	// CppName compares PyTorch's C++ name: the name with its in-place "_",
	// plus "_out" when the op has out= arguments. "set_" matches every
	// set_ overload. DONT_ENFORCE_SAME_TENSOR_IMPL_OR_STORAGE and
	// MANUAL_AUTOGRAD match this way.
	CppName
	// WrapperName compares the C++ name plus "_" and the overload, if any:
	// "dequantize_self" matches dequantize.self. PyTorch's use-count lists
	// match this way.
	WrapperName

	numMatches
)

var matchNames = [numMatches]string{
	Selector:    "selector",
	BaseName:    "base_name",
	CppName:     "cpp_name",
	WrapperName: "wrapper_name",
}

func (m Match) String() string {
	if m < numMatches {
		return matchNames[m]
	}
	return "Match(" + strconv.Itoa(int(m)) + ")"
}

// An Entry is one item of an allowlist.
type Entry struct {
	Category Category
	// Op is the op as written: "transpose", "add.Tensor", "add.*".
	Op    string
	Match Match
	// Arg is the argument the entry is about. For a Views entry, it is the
	// viewed argument. For a MayAlias entry, the argument its unannotated
	// returns may alias. For a Skip entry, the argument it is limited to,
	// or "" for all.
	Arg string
	// Ret is the return a Skip entry is limited to, or -1 for all.
	Ret int
	// Check is the check a Skip entry skips.
	Check checks.Check
	// Profiles lists the profiles the entry applies to; nil means all.
	Profiles []string
	// Versions is the PyTorch version constraint as written ("" for all).
	Versions string
	Reason   string
	// Builtin reports whether the entry comes from the built-in defaults.
	Builtin bool

	// Pos is the position of the op name; ArgPos, RetPos and CheckPos of
	// those values (invalid when absent).
	Pos, ArgPos, RetPos, CheckPos schema.Position

	versions []versionBound
	source   string
}

// Source names the entry in plans: "defaults.yaml:12" for a built-in one,
// "path:line" for a user file.
func (e *Entry) Source() string {
	if e.source == "" {
		return e.Pos.Filename + ":" + strconv.Itoa(e.Pos.Line)
	}
	return e.source
}

// AppliesTo reports whether the entry applies under profile and PyTorch
// version ("" stands for every version).
func (e *Entry) AppliesTo(profile, version string) bool {
	if e.Profiles != nil && !slices.Contains(e.Profiles, profile) {
		return false
	}
	return version == "" || versionOK(e.versions, version)
}

// key identifies entries that say the same thing. An entry of a user file
// replaces a default with the same key, whatever the profiles. Two user
// entries with the same key and profiles are duplicates.
func (e *Entry) key(withProfiles bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d|%d|%s|%d|%d", e.Category, e.Match, e.Op, e.Check, e.Ret)
	if e.Category != Views {
		b.WriteString("|" + e.Arg)
	}
	if withProfiles {
		b.WriteString("|" + strings.Join(e.Profiles, ","))
	}
	return b.String()
}

// A List is a set of entries: one file, the defaults, or a merge.
type List struct {
	Entries []*Entry
}

// DefaultsPath names the built-in defaults in positions and sources.
const DefaultsPath = "defaults.yaml"

//go:embed defaults.yaml
var defaultsYAML []byte

var defaults = sync.OnceValues(func() (*List, error) {
	l, err := Parse(DefaultsPath, defaultsYAML)
	if err != nil {
		return nil, fmt.Errorf("built-in allowlist: %w", err)
	}
	for _, e := range l.Entries {
		e.Builtin = true
	}
	return l, nil
})

// Defaults returns the built-in allowlist. It holds PyTorch's lists: the
// three use-count and identity lists, the view table, and the codegen's
// manual and no-derivative lists. Each entry is matched as PyTorch matches
// it, and limited to the PyTorch versions that have it. It also holds what
// the strict profile needs: views of the unsafe_* ops, and in-place
// updates of the batch-norm family's running statistics. The list is
// shared: do not modify it.
func Defaults() (*List, error) { return defaults() }

// ParseFile reads an allowlist file.
func ParseFile(path string) (*List, error) { return input.Parse(path, Parse) }

// Parse reads an allowlist. It reports every problem it can find without a
// schema, as a [schema.ErrorList] of file:line:col errors: unknown
// categories, keys, checks, profiles or match kinds; missing ops and
// reasons; malformed selectors and version ranges.
func Parse(path string, src []byte) (*List, error) {
	p := parser{path: path}
	root, err := schema.ParseYAMLNode(path, src)
	if err != nil {
		return nil, err
	}
	l := &List{}
	if root == nil {
		return l, nil // an empty file
	}
	if root.Kind != yaml.MappingNode {
		if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
			return l, nil
		}
		p.errorf(root, "an allowlist is a mapping from categories to lists of entries")
		return nil, p.errs.Err()
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		cat, ok := parseCategory(k.Value)
		if !ok {
			p.errorf(k, "unknown category %q (want one of %s)", k.Value, strings.Join(categoryNames[:], ", "))
			continue
		}
		if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			continue
		}
		if v.Kind != yaml.SequenceNode {
			p.errorf(v, "%s: want a list of entries", cat)
			continue
		}
		for _, item := range v.Content {
			l.Entries = append(l.Entries, p.entries(cat, item)...)
		}
	}
	if err := p.errs.Err(); err != nil {
		return nil, err
	}
	return l, nil
}

// checkNames lists the checks a skip entry may name.
func checkNames() string {
	var ns []string
	for k := range checks.Check(checks.NumPlanChecks) {
		ns = append(ns, k.String())
	}
	return strings.Join(ns, ", ")
}

func parseCategory(s string) (Category, bool) {
	for i, n := range categoryNames {
		if n == s {
			return Category(i), true
		}
	}
	return 0, false
}

type parser struct {
	path string
	errs schema.ErrorList
}

func (p *parser) pos(n *yaml.Node) schema.Position {
	return schema.Position{Filename: p.path, Line: n.Line, Column: n.Column}
}

func (p *parser) errorf(n *yaml.Node, format string, args ...any) {
	p.errs.Addf(p.pos(n), format, args...)
}

// keysByCategory lists the keys an entry of each category may have,
// besides op, ops, match, profiles, versions and reason.
var keysByCategory = [numCategories][]string{
	Views:    {"arg"},
	MayAlias: {"arg"},
	Skip:     {"check", "arg", "ret"},
}

// An item is one item of a category's list while it is read.
type item struct {
	cat               Category
	proto             Entry
	ops               []*yaml.Node
	opKey, reasonNode *yaml.Node
	seen              map[string]bool
}

// entries reads one item of a category's list; an item with "ops" gives
// one entry per op.
func (p *parser) entries(cat Category, n *yaml.Node) []*Entry {
	if n.Kind != yaml.MappingNode {
		p.errorf(n, "%s: an entry is a mapping with op and reason", cat)
		return nil
	}
	it := &item{cat: cat, proto: Entry{Category: cat, Ret: -1}, seen: map[string]bool{}}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if it.seen[k.Value] {
			p.errorf(k, "%s: duplicate key %q", cat, k.Value)
			continue
		}
		it.seen[k.Value] = true
		p.key(it, k, v)
	}
	p.complete(it, n)
	var out []*Entry
	for _, o := range it.ops {
		e := it.proto
		e.Op, e.Pos = o.Value, p.pos(o)
		e.source = e.Pos.Filename + ":" + strconv.Itoa(e.Pos.Line)
		if msg := checkSelector(e.Match, e.Op); msg != "" {
			p.errorf(o, "%s: %s", cat, msg)
			continue
		}
		out = append(out, &e)
	}
	return out
}

// key reads the key k, with value v, of an item.
func (p *parser) key(it *item, k, v *yaml.Node) {
	cat, proto := it.cat, &it.proto
	switch k.Value {
	case "op":
		it.opKey = k
		if p.scalar(cat, k, v) {
			it.ops = append(it.ops, v)
		}
	case "ops":
		it.opKey = k
		if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
			p.errorf(v, "%s: ops: want a non-empty list of op selectors", cat)
			return
		}
		for _, o := range v.Content {
			if p.scalar(cat, k, o) {
				it.ops = append(it.ops, o)
			}
		}
	case "match":
		if !p.scalar(cat, k, v) {
			return
		}
		m, ok := parseMatch(v.Value)
		if !ok {
			p.errorf(v, "%s: unknown match %q (want one of %s)", cat, v.Value, strings.Join(matchNames[:], ", "))
		}
		proto.Match = m
	case "profiles":
		p.profiles(it, k, v)
	case "versions":
		if !p.scalar(cat, k, v) {
			return
		}
		vb, err := parseVersions(v.Value)
		if err != nil {
			p.errorf(v, "%s: versions: %v", cat, err)
			return
		}
		proto.Versions, proto.versions = v.Value, vb
	case "reason":
		it.reasonNode = k
		if p.scalar(cat, k, v) {
			proto.Reason = strings.TrimSpace(v.Value)
			if proto.Reason == "" {
				p.errorf(v, "%s: empty reason: say why the entry is needed", cat)
			}
		}
	case "arg", "check", "ret":
		if !slices.Contains(keysByCategory[cat], k.Value) {
			p.errorf(k, "%s: unknown key %q", cat, k.Value)
			return
		}
		if p.scalar(cat, k, v) {
			p.target(it, k, v)
		}
	default:
		p.errorf(k, "%s: unknown key %q", cat, k.Value)
	}
}

// profiles reads the profiles key of an item.
func (p *parser) profiles(it *item, k, v *yaml.Node) {
	if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
		p.errorf(v, "%s: profiles: want a non-empty list of profiles", it.cat)
		return
	}
	it.proto.Profiles = []string{}
	for _, pr := range v.Content {
		if !p.scalar(it.cat, k, pr) {
			continue
		}
		// A plan profile's name (plan.Profile), not a skip policy's
		// (checks.Policy: pytorch-1.13 is one).
		if pr.Value != "strict" && pr.Value != "pytorch" {
			p.errorf(pr, "%s: unknown profile %q (want strict or pytorch)", it.cat, pr.Value)
			continue
		}
		it.proto.Profiles = append(it.proto.Profiles, pr.Value)
	}
}

// target reads the arg, check or ret key of an item.
func (p *parser) target(it *item, k, v *yaml.Node) {
	proto := &it.proto
	switch k.Value {
	case "arg":
		proto.Arg, proto.ArgPos = v.Value, p.pos(v)
	case "check":
		c, ok := checks.Parse(v.Value)
		if !ok {
			p.errorf(v, "%s: unknown check %q (want one of %s)", it.cat, v.Value, checkNames())
		}
		proto.Check, proto.CheckPos = c, p.pos(v)
	case "ret":
		r, err := strconv.Atoi(v.Value)
		if err != nil || r < 0 {
			p.errorf(v, "%s: ret: want a return index (0, 1, ...), found %q", it.cat, v.Value)
			return
		}
		proto.Ret, proto.RetPos = r, p.pos(v)
	}
}

// complete reports the keys an item n lacks or combines wrongly.
func (p *parser) complete(it *item, n *yaml.Node) {
	cat, seen := it.cat, it.seen
	switch {
	case it.opKey == nil:
		p.errorf(n, "%s: entry without op", cat)
	case seen["op"] && seen["ops"]:
		p.errorf(it.opKey, "%s: an entry has op or ops, not both", cat)
	}
	if it.reasonNode == nil {
		p.errorf(n, "%s: entry without reason: say why it is needed", cat)
	}
	switch cat {
	case Views:
		if it.proto.Arg == "" && !seen["arg"] {
			p.errorf(n, "views: entry without arg: name the argument the op returns a view of")
		}
	case Skip:
		if !seen["check"] {
			p.errorf(n, "skip: entry without check: name the check to skip")
		}
		if seen["arg"] && seen["ret"] {
			p.errorf(n, "skip: an entry limits the check to an argument or a return, not both")
		}
	}
}

// scalar reports whether v is a scalar, reporting an error if not.
func (p *parser) scalar(cat Category, k, v *yaml.Node) bool {
	if v.Kind == yaml.ScalarNode {
		return true
	}
	p.errorf(v, "%s: %s: want a single value", cat, k.Value)
	return false
}

func parseMatch(s string) (Match, bool) {
	for i, n := range matchNames {
		if n == s {
			return Match(i), true
		}
	}
	return 0, false
}

// checkSelector validates the op text of an entry for its match kind and
// returns a message when it is malformed.
func checkSelector(m Match, op string) string {
	if op == "" {
		return "empty op"
	}
	if m != Selector {
		if strings.ContainsAny(op, ".* ") {
			return fmt.Sprintf("op %q: a %s is a plain name, without overload or *", op, m)
		}
		return ""
	}
	sel, err := schema.ParseSelector(op)
	if err != nil {
		msg := err.Error()
		if se, ok := err.(*schema.SyntaxError); ok {
			msg = se.Msg
		}
		if !strings.Contains(msg, "op selector") { // a pattern's message says what a selector is
			msg += " (want name, name.overload or name.*)"
		}
		return fmt.Sprintf("op %q: %s", op, msg)
	}
	if sel.All {
		return `op "*": an allowlist entry names the ops it exempts (name, name.overload or name.*), not every op`
	}
	return ""
}

// Merge returns the entries of base followed by those of each file, in
// order. An entry of a file replaces an entry of base that says the same
// thing: same category, op, match, check, argument or return (for views,
// whatever the argument). So a user file can reword a default, point a
// view at another argument or change the profiles it applies to.
// Duplicates among the files are kept, and [List.Lint] reports them.
func Merge(base *List, files ...*List) *List {
	m := &List{}
	replaced := map[string]bool{}
	for _, f := range files {
		for _, e := range f.Entries {
			replaced[e.key(false)] = true
		}
	}
	if base != nil {
		for _, e := range base.Entries {
			if !replaced[e.key(false)] {
				m.Entries = append(m.Entries, e)
			}
		}
	}
	for _, f := range files {
		m.Entries = append(m.Entries, f.Entries...)
	}
	return m
}
