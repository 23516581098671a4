// Package plan decides, for every operator of a schema, which checks a
// generated wrapper runs and which it skips, with the reason and source of
// each skip. The plan is the contract between the schema and the emitter.
// Everything is decided here, including what makes a plan printable
// ([Plan.Validate]). gen only formats it.
//
// Two profiles decide the checks:
//   - [PyTorch] reproduces the debug asserts PyTorch's autograd codegen
//     (gen_variable_type) emits, op by op and row by row in its order. It
//     includes the guards around each row, and which ops get a generated
//     kernel at all. It does so for each release assertgen knows: 1.13,
//     2.6 and 2.14 (docs/plan.md, "PyTorch releases").
//   - [Strict] derives the checks from the schema's alias annotations, and
//     is stronger.
//
// Both apply an allowlist (package allowlist): the built-in defaults,
// which model PyTorch's own lists, and user files. docs/plan.md describes
// every rule.
package plan

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/internal/checktable"
	"github.com/assertgen/assertgen/internal/pytorch"
	"github.com/assertgen/assertgen/schema"
)

// A Profile is the set of rules a plan follows, which decides each op's
// rows: strict or pytorch (-profile, config profile:). It is not the skip
// policy the plan's wrappers run under, an [checks.Policy]
// ([Plan.Policy]).
type Profile string

const (
	// Strict is schema-driven and stronger than PyTorch (the default).
	Strict Profile = "strict"
	// PyTorch reproduces PyTorch's autograd-codegen debug asserts exactly.
	PyTorch Profile = "pytorch"
)

// ParseProfile validates a profile name.
func ParseProfile(s string) (Profile, error) {
	switch Profile(s) {
	case Strict, PyTorch:
		return Profile(s), nil
	}
	return "", fmt.Errorf("unknown profile %q (want strict or pytorch)", s)
}

const sourcePyTorchRule = "profile:pytorch"

// A Plan lists the checks of every op, in schema order.
type Plan struct {
	Profile Profile `json:"profile"`
	// PyTorchVersion is the PyTorch version whose lists apply ("" for all
	// the versions the built-in defaults know).
	PyTorchVersion string `json:"pytorch_version,omitempty"`
	// Derivatives names the derivatives.yaml the pytorch profile read to
	// decide which ops get a VariableType kernel ("" for none).
	Derivatives string `json:"derivatives,omitempty"`
	// Identity is the identity kind of the runtime planned for (see
	// [Options]). In JSON it is identity, left out for Counted, and
	// no_use_counts, true for a kind without use counts.
	Identity Identity `json:"identity,omitempty"`
	// NoMetadata: planned for a runtime that does not report tensor
	// metadata (see [Options]).
	NoMetadata bool `json:"no_metadata,omitempty"`
	// Policy is the skip policy the plan's wrappers run under (runtime, in
	// JSON). It is checks.Strict for the strict profile. For pytorch, it is
	// the policy whose skips are the guards of the plan's release; without
	// a version, the newest release's.
	Policy checks.Policy `json:"runtime"`
	Ops    []*Op         `json:"ops"`
}

// An Op is the plan for one operator.
type Op struct {
	Name string `json:"name"`
	// GoName is the op's Go identifier (see [GoName] and [AssignGoNames]):
	// the name of its wrapper, kernel and interface method.
	GoName    string      `json:"go_name"`
	Schema    string      `json:"schema"`
	Kind      schema.Kind `json:"kind"`
	IsViewOp  bool        `json:"is_view_op"`
	Generated bool        `json:"generated"`
	Checks    []Check     `json:"checks"`
	Skipped   []Skip      `json:"skipped"`
	// Mutable lists the tensor arguments the op writes (Tensor(a!)). The
	// wrapper records their storages before the kernel, for two reasons:
	//   - An argument that shares one (x.add_(x), add(a, b, out=a)) is not
	//     blamed for the legal write at run time (skip reason
	//     aliases_mutable_arg).
	//   - The wrapper declares them to checked calls on other goroutines
	//     until the call ends. Their rows on those storages are then
	//     inconclusive rather than blamed (skip reason concurrent_write;
	//     docs/asserts.md, "Concurrent calls").
	// Every op that writes a tensor lists it, metadata-only in-place ops
	// (t_, transpose_) included: they move the version counter their views
	// share.
	Mutable []string `json:"mutable,omitempty"`

	// SelectedBy is where the entry that selected the op is written: an
	// ops: entry, a backend yaml line or a flag (see [Plan.Select]). It is
	// empty when no selection was made or its selector has no place.
	SelectedBy string `json:"selected_by,omitempty"`

	// Src is the schema op the plan is for.
	Src *schema.Op `json:"-"`
}

// A Check is one check on one argument or return. Arg names an argument.
// Ret is a return index, nil when the check is not about a return. Some
// checks have both:
//   - shares_storage, fresh_or_alias and returns_arg: the return and the
//     argument it must (or may) alias;
//   - not_arg_handle: the return and an argument whose handle it must not
//     be.
//
// distinct_outputs has Rets, the fresh returns it compares.
//
// Under the pytorch profile, an emitted row also says how PyTorch's
// generated code guards it. Guard lists the conditions under which the
// row is skipped. NeverFires marks a row PyTorch emits but whose assert
// can never be evaluated (see docs/plan.md).
type Check struct {
	Name checks.Check `json:"check"`
	Ret  *int         `json:"ret,omitempty"`
	Arg  string       `json:"arg,omitempty"`
	Rets []int        `json:"rets,omitempty"`
	// Guard (pytorch profile) is the skip condition PyTorch puts around
	// the row, in the notation of testdata/reference. Its terms, joined by
	// commas, are:
	//   - "mode": a dispatch mode is active;
	//   - "py(X)": X, an argument or retN for return N, has the Python
	//     dispatch key (a tensor subclass);
	//   - "pylist(X)": some element of the list X has it.
	// The row runs only when none holds. Guard is empty under strict,
	// whose skips are the runtime's (checks.Policy).
	Guard string `json:"guard,omitempty"`
	// NeverFires (pytorch profile) marks a row PyTorch emits but that can
	// never fire: same_storage on a Tensor[] or Tensor?[] argument. Its
	// saved storages are appended after a vector of empty slots of the
	// list's size, so only the empty slots are compared. The generated
	// wrapper runs it as PyTorch does: it checks nothing, and is counted as
	// skipped (reason plan).
	NeverFires bool `json:"never_fires,omitempty"`
}

// A Skip is a check the plan does not emit, with why and where that was
// decided. The place is an allowlist entry ("defaults.yaml:41",
// "my.yaml:3"), a derivatives.yaml entry, or a rule of the profile
// ("profile:pytorch").
type Skip struct {
	Check
	Reason string `json:"reason"`
	Source string `json:"source"`
}

// Options configure [BuildWith].
type Options struct {
	Profile Profile
	// Allowlist is the merged allowlist; nil means the built-in defaults.
	Allowlist *allowlist.List
	// Derivatives is PyTorch's derivatives.yaml for the schema. The pytorch
	// profile needs it to know which ops get a VariableType kernel. When
	// nil, an embedded schema uses the derivatives.yaml embedded with it,
	// its release's (1.13.1, 2.6.0 or 2.14.1). For other schemas, the
	// profile falls back to DESIGN.md's rule, and says so in each skip:
	// an op gets one unless it is CompositeImplicitAutograd only.
	Derivatives *schema.Derivatives
	// PyTorchVersion selects the PyTorch release: its allowlist entries
	// and its codegen rules. It is "1.13", "2.6", "2.14", or in full,
	// "2.14.1". When empty, it is the release of the embedded schema. For
	// other schemas, every release's entries apply then, with the newest
	// release's rules. A release assertgen has no data for is an error.
	PyTorchVersion string
	// Identity is the runtime's identity kind (config use_counts: and
	// memory:, decided by config.Config.Identity). The plan carries it to
	// the generator. For a kind without use counts (OwnIDs, Memory), under
	// the strict profile, each fresh return gets a fresh_not_held row. That
	// is the freshness check such a runtime can answer. Its use-count rows
	// stay, and are skipped at run time under no_use_counts.
	Identity Identity
	// NoMetadata says the runtime cannot report its tensors' sizes,
	// strides and storage offset cheaply (config metadata: false). The
	// strict profile then plans no same_metadata rows. Without it, every
	// tensor argument the op does not write gets one. A runtime that does
	// not implement asserts.Metadata has them skipped at run time under
	// no_metadata_access.
	NoMetadata bool
}

// Build makes the plan of every op of s under profile p, with the
// built-in allowlist.
func Build(s *schema.Schema, p Profile) (*Plan, error) {
	return BuildWith(s, Options{Profile: p})
}

// BuildWith makes the plan of every op of s.
func BuildWith(s *schema.Schema, opts Options) (*Plan, error) {
	b, err := newBuilder(s, opts)
	if err != nil {
		return nil, err
	}
	pl := &Plan{Profile: b.profile, PyTorchVersion: b.version, Identity: b.identity, NoMetadata: b.noMetadata, Policy: checks.Strict, Ops: make([]*Op, len(s.Ops))}
	if b.profile == PyTorch {
		pl.Policy = b.release.Autograd.Policy
	}
	if b.deriv != nil {
		pl.Derivatives = b.deriv.Path
	}
	var st state
	names := make([]schema.OperatorName, len(s.Ops))
	for i, o := range s.Ops {
		pl.Ops[i] = &Op{}
		b.op(&st, i, pl.Ops[i], nil)
		names[i] = o.Func.Name
	}
	for i, g := range AssignGoNames(names) {
		pl.Ops[i].GoName = g
	}
	return pl, nil
}

// A builder holds what every op's plan needs.
type builder struct {
	s       *schema.Schema
	profile Profile
	version string
	release *pytorch.Release // of version, or the newest release
	allow   *allowlist.List
	ix      *allowlist.Index
	deriv   *schema.Derivatives
	infos   []derivInfo // per op; nil without derivatives
	// identity: a kind without use counts gives fresh returns
	// fresh_not_held rows.
	identity Identity
	// noMetadata: no same_metadata rows.
	noMetadata bool

	guardStrs map[guardKey]string // the pytorch rows' guards, shared
	// guardSkips are the checks the release's policy skips under a
	// dispatch mode and for a subclass (see guard).
	guardSkips []checks.Set
	// used, when set, collects the skip entries that named a row (see
	// LintSkips).
	used map[*allowlist.Entry]bool
}

// newBuilder prepares the plan of s.
func newBuilder(s *schema.Schema, opts Options) (*builder, error) {
	b := &builder{s: s, profile: opts.Profile, version: opts.PyTorchVersion, allow: opts.Allowlist, deriv: opts.Derivatives,
		identity: opts.Identity, noMetadata: opts.NoMetadata}
	if b.profile == "" {
		b.profile = Strict
	}
	if _, err := ParseProfile(string(b.profile)); err != nil {
		return nil, err
	}
	if _, err := b.identity.MarshalText(); err != nil {
		return nil, err
	}
	// The lists of the release the schema was read with apply ("1.13"
	// for 1.13.1). The options may name that release, not another.
	var series string
	if r, err := pytorch.Lookup(s.Version); s.Version != "" && err == nil {
		series = r.Series
	}
	if b.version == "" {
		b.version = series
	}
	b.release = pytorch.Newest()
	if b.version != "" {
		r, err := lookupRelease(b.version)
		if err != nil {
			return nil, fmt.Errorf("pytorch version: %v", err)
		}
		if series != "" && r.Series != series {
			return nil, fmt.Errorf("pytorch version: the schema %s was read as PyTorch %s; %s selects another release (read it with that release's rules)", schemaPath(s), s.Version, b.version)
		}
		b.release, b.version = r, r.Series
	}
	if b.allow == nil {
		d, err := allowlist.Defaults()
		if err != nil {
			return nil, err
		}
		b.allow = d
	}
	var err error
	if b.profile != PyTorch {
		b.deriv = nil
	} else if b.deriv == nil && s.Embedded {
		if b.deriv, err = schema.PyTorchDerivatives(s.Version); err != nil {
			return nil, err
		}
	}
	if b.deriv != nil {
		infos, err := matchDerivatives(s, b.deriv, &b.release.Autograd)
		if err != nil {
			return nil, err
		}
		b.infos = infos
	}
	b.ix = b.allow.Index(s, string(b.profile), b.version)
	b.guardStrs, b.guardSkips = map[guardKey]string{}, guardSkips(b.release.Autograd.Policy)
	return b, nil
}

// state is the scratch space of the builder: the rows of one op.
type state struct {
	rows, spare []row
	at          []int // followRows: each row's new index
}

// A row is a check before it is sorted into emitted and skipped.
type row struct {
	Check                 // without Ret
	ret            int    // the return, or -1
	reason, source string // set when skipped
	// leader is the index of the row this row is skipped with
	// (skipFollowers), else -1. Such a row is a check's that follows
	// another's rows (checktable.Follows): not_arg_handle follows its
	// use-count row, fresh_not_held the row it stands in for (see
	// freshNotHeld).
	leader int
}

// followers are, for each check, the checks whose rows follow its rows in
// the strict profile (checktable.Follows), in the order of the table
// of checks.
var followers = func() (fs [checks.NumPlanChecks][]checks.Check) {
	for k := range checks.Check(checks.NumPlanChecks) {
		for _, l := range checktable.Follows(k) {
			fs[l] = append(fs[l], k)
		}
	}
	return fs
}()

// followRows adds after each row of f the rows of the checks that follow
// it (followers). They name the same return and argument, and are skipped
// as it is. A row of a form its check has no function for is skipped,
// with that reason: a list where the check runs on single tensors
// (checktable.FormFor).
func (st *state) followRows(f *schema.Func) {
	out := st.spare[:0]
	st.at = st.at[:0]
	for _, r := range st.rows {
		if r.leader >= 0 {
			r.leader = st.at[r.leader]
		}
		lead := len(out)
		st.at = append(st.at, lead)
		out = append(out, r)
		for _, k := range followers[r.Name] {
			fr := row{Check: Check{Name: k, Arg: r.Arg}, ret: r.ret, leader: lead, reason: r.reason, source: r.source}
			if why := noForm(k, f, r.Arg, r.ret); why != "" {
				fr.skip(why, sourceFacts)
			}
			out = append(out, fr)
		}
	}
	st.rows, st.spare = out, st.rows
}

// sourceFacts is the source of a skip that the table of checks (internal/checktable)
// decides.
const sourceFacts = "internal/checktable/table.go"

// noForm says why check k has no row on argument arg and return ret of f
// (-1 and "" for none). The reason is that the form of their tensors is
// one its row in asserts has no function for. It is "" when it has one.
func noForm(k checks.Check, f *schema.Func, arg string, ret int) string {
	var argList, retList bool
	if a := f.Arg(arg); a != nil {
		argList = a.Type.TensorForm() == schema.TensorList || a.Type.TensorForm() == schema.TensorOptionalList
	}
	if ret >= 0 {
		retList = f.Returns[ret].Type.TensorForm() == schema.TensorList
	}
	if _, ok := checktable.FormFor(k, arg != "", retList, argList); ok {
		return ""
	}
	what := "a list"
	switch {
	case argList && retList:
		what = "a list return of a list argument"
	case argList:
		what = "an argument that is a list"
	case retList:
		what = "a list return"
	}
	return fmt.Sprintf("%s does not run on %s: its row in the table of checks (internal/checktable) has no function of that form", k, what)
}

// skipFollowers gives each row that follows another (row.leader) the skip
// of that row, once the allowlist's skip entries are applied. The two are
// about one return, and at run time not_arg_handle is part of its
// use-count check.
func (st *state) skipFollowers() {
	for k := range st.rows {
		if l := st.rows[k].leader; l >= 0 && st.rows[l].reason != "" {
			st.rows[k].skip(st.rows[l].reason, st.rows[l].source)
		}
	}
}

// op fills the plan of the i-th op; ex, when not nil, collects the
// explanation.
func (b *builder) op(st *state, i int, out *Op, ex *explanation) {
	o := b.s.Ops[i]
	*out = Op{
		Name:      o.Name,
		Schema:    opSchema(o),
		Kind:      o.Kind,
		IsViewOp:  o.IsViewOp,
		Generated: o.Generated,
		Src:       o,
	}
	st.rows = st.rows[:0]
	if b.profile == PyTorch {
		b.pytorchRows(st, i, o, ex)
	} else {
		b.strictRows(st, i, o, ex)
		st.followRows(o.Func)
	}
	b.applySkips(st, b.ix.Entries(i))
	st.skipFollowers()
	out.Checks, out.Skipped = st.split()
	out.Mutable = mutableArgs(o.Func)
}

// freshWhy says why the plan checks return r as fresh: nothing it could
// alias is passed in. It has no alias annotation, or one whose alias set
// holds no argument (torchgen accepts foo(Tensor(a) self) -> Tensor(b)).
func freshWhy(r *schema.Return) string {
	if r.Annotation == nil {
		return "the return has no alias annotation"
	}
	return "no argument is in its alias set " + strings.Join(r.Annotation.AliasSet, "|")
}

// mutableArgs returns the tensor arguments f writes (see Op.Mutable).
func mutableArgs(f *schema.Func) []string {
	var out []string
	for _, a := range f.Args() {
		if a.IsWrite() && a.Type.TensorForm() != schema.NotTensor {
			out = append(out, a.Name)
		}
	}
	return out
}

// split returns the op's checks and skips, in slices of their own (never
// nil, so that JSON shows [] rather than null).
func (st *state) split() ([]Check, []Skip) {
	nc, nr := 0, 0
	for _, r := range st.rows {
		if r.reason == "" {
			nc++
		}
		if r.ret >= 0 {
			nr++
		}
	}
	checks, skips := make([]Check, 0, nc), make([]Skip, 0, len(st.rows)-nc)
	rets := make([]int, 0, nr)
	for _, r := range st.rows {
		c := r.Check
		if r.ret >= 0 {
			rets = append(rets, r.ret)
			c.Ret = &rets[len(rets)-1]
		}
		if r.reason == "" {
			checks = append(checks, c)
		} else {
			// A guard is about a row PyTorch emits.
			c.Guard, c.NeverFires = "", false
			skips = append(skips, Skip{Check: c, Reason: r.reason, Source: r.source})
		}
	}
	return checks, skips
}

func (st *state) add(check checks.Check, arg string, ret int) *row {
	r := row{Check: Check{Name: check, Arg: arg}, ret: ret, leader: -1}
	st.rows = append(st.rows, r)
	return &st.rows[len(st.rows)-1]
}

// implUseCount adds the TensorImpl use-count check k on return ri:
// impl_use_count_le_1, or impl_use_count_eq_fresh from PyTorch 2.14
// (rules.ImplUseCheck). After it, it adds not_arg_handle against each
// tensor argument: in Go a kernel can return an argument's handle itself
// without raising its use count. e skips both (skip_impl_use_count), and
// not_arg_handle goes with the use-count check.
func (st *state) implUseCount(k checks.Check, f *schema.Func, ri int, e *allowlist.Entry) {
	st.add(k, "", ri).skipFor(e)
	st.againstArgs(checks.NotArgHandle, f, ri, e, len(st.rows)-1)
}

// againstArgs adds check k on return ri against each tensor argument of
// f, skipped by e, and with row leader (-1: none).
func (st *state) againstArgs(k checks.Check, f *schema.Func, ri int, e *allowlist.Entry, leader int) {
	for _, a := range f.Args() {
		if a.Type.TensorForm() != schema.NotTensor {
			r := st.add(k, a.Name, ri)
			r.skipFor(e)
			r.leader = leader
		}
	}
}

// freshNotHeld adds fresh_not_held on return ri, for a runtime without use
// counts (see Options.Identity). It is skipped with row lead, the
// use-count row it stands in for: an allowlist entry that excuses a
// return's storage owners excuses both. e skips it too. It goes:
//   - on a fresh return (arg ""), after its storage_use_count_eq_1 row;
//   - on a may-alias return against argument arg, after its fresh_or_alias
//     row. On the branch where the return is neither arg nor a view of it,
//     it is fresh. fresh_or_alias cannot tell fresh from held without use
//     counts.
//
// It is for single tensors only: a may-alias list return or argument keeps
// its fresh_or_alias row alone.
func (b *builder) freshNotHeld(st *state, f *schema.Func, ri int, arg string, lead int, e *allowlist.Entry) {
	single := func(t *schema.Type) bool { return t.TensorForm() == schema.TensorSingle }
	if b.identity.UseCounts() || arg != "" && (f.Arg(arg) == nil || !single(f.Arg(arg).Type) || !single(f.Returns[ri].Type)) {
		return
	}
	r := st.add(checks.FreshNotHeld, arg, ri)
	r.skipFor(e)
	r.leader = lead
}

func (r *row) skip(reason, source string) {
	if r.reason == "" {
		r.reason, r.source = reason, source
	}
}

func (r *row) skipFor(e *allowlist.Entry) {
	if e != nil {
		r.skip(e.Reason, e.Source())
	}
}

// applySkips applies the skip entries: a row they name is skipped, unless
// it already is. Later entries go first, so a user file's reason wins over
// a default's.
func (b *builder) applySkips(st *state, es []*allowlist.Entry) {
	for j := len(es) - 1; j >= 0; j-- {
		e := es[j]
		if e.Category != allowlist.Skip {
			continue
		}
		for k := range st.rows {
			r := &st.rows[k]
			if r.Name != e.Check || e.Arg != "" && r.Arg != e.Arg || e.Ret >= 0 && r.ret != e.Ret {
				continue
			}
			if b.used != nil {
				b.used[e] = true
			}
			r.skipFor(e)
		}
	}
}

// pytorchRows adds the rows of the pytorch profile. They are the checks
// PyTorch's gen_variable_type emits around the op's VariableType kernel
// (check_tensorimpl_and_storage). Each is skipped when PyTorch leaves it
// out.
func (b *builder) pytorchRows(st *state, i int, o *schema.Op, ex *explanation) {
	f := o.Func
	es := b.ix.Entries(i)
	inputs := 0
	for _, a := range f.Args() {
		switch a.Type.TensorForm() {
		case schema.TensorSingle, schema.TensorList, schema.TensorOptionalList:
			// PyTorch's order: the storage check, then the impl check.
			st.add(checks.SameStorage, a.Name, -1)
			st.add(checks.SameImpl, a.Name, -1)
			inputs++
		}
	}
	nIn := len(st.rows)
	skipImpl := lastEntry(es, allowlist.SkipImplUseCount)
	skipStorage := lastEntry(es, allowlist.SkipStorageUseCount)
	view := lastEntry(es, allowlist.Views)
	if o.Kind != schema.Inplace && o.Kind != schema.Out {
		for ri := range f.Returns {
			if f.Returns[ri].Type.TensorForm() != schema.TensorSingle {
				ex.ret(ri, "no check: PyTorch checks only plain Tensor returns")
				continue
			}
			// PyTorch's order: shares_storage or storage_use_count_eq_1,
			// then the TensorImpl use count (and assertgen's
			// not_arg_handle).
			if view != nil {
				st.add(checks.SharesStorage, view.Arg, ri)
				ex.ret(ri, "a view of %s: %s (%s)", view.Arg, view.Reason, view.Source())
			} else {
				st.add(checks.StorageUseCountEq1, "", ri).skipFor(skipStorage)
				b.freshNotHeld(st, f, ri, "", len(st.rows)-1, skipStorage)
				ex.ret(ri, "fresh: the op is not in PyTorch's view table")
			}
			st.implUseCount(b.release.Autograd.FreshImplCheck(), f, ri, skipImpl)
		}
	}
	cause, reason, source := b.variableTypeKernel(i, o, es, ex != nil)
	ex.variableType(cause == vtGenerated, reason, source)
	if cause != vtGenerated {
		for k := range st.rows {
			st.rows[k].skip(reason, source)
		}
		return
	}
	if e := lastEntry(es, allowlist.SkipInputIdentity); e != nil {
		for k := range st.rows {
			st.rows[k].skipFor(e)
		}
		ex.note("PyTorch emits no check at all for an op in DONT_ENFORCE_SAME_TENSOR_IMPL_OR_STORAGE, outputs included")
		return
	}
	if inputs == 0 {
		for k := nIn; k < len(st.rows); k++ {
			st.rows[k].skip("PyTorch emits checks only around a kernel with a Tensor, Tensor[] or Tensor?[] input to save: with none, the output checks go too", sourcePyTorchRule)
		}
	}
	b.guards(st, f) // explain shows each row's guard, and the rows that never fire
}

// guards sets the Guard and NeverFires of the pytorch profile's emitted
// rows. A guard is how PyTorch's generated code (gen_variable_type.py)
// guards an assert. It is read from the skip policy of the plan's release,
// which the plan's wrappers run under (see guard and checktable.Guards).
// same_storage on a list never fires where PyTorch guards a list as a
// whole: that list code compares only empty slots (docs/plan.md).
func (b *builder) guards(st *state, f *schema.Func) {
	g := checktable.Guards(b.release.Autograd.Policy)
	listWhole, optListImplOpen := g&checktable.GuardListWhole != 0, g&checktable.GuardOptListImplOpen != 0
	for k := range st.rows {
		r := &st.rows[k]
		if r.reason != "" {
			continue
		}
		switch r.Name {
		case checks.SameStorage, checks.SameImpl:
			switch form := f.Arg(r.Arg).Type.TensorForm(); {
			case form == schema.TensorOptionalList && r.Name == checks.SameImpl && optListImplOpen:
				r.Guard = b.guard(r.Name, "", "", -1)
			case (form == schema.TensorList || form == schema.TensorOptionalList) && listWhole:
				r.Guard = b.guard(r.Name, "pylist(", r.Arg, -1)
				r.NeverFires = r.Name == checks.SameStorage
			case form == schema.TensorList || form == schema.TensorOptionalList:
				r.Guard = b.guard(r.Name, "py(", r.Arg+"[i]", -1)
			default:
				r.Guard = b.guard(r.Name, "py(", r.Arg, -1)
			}
		case checks.SharesStorage:
			r.Guard = b.guard(r.Name, "py(", r.Arg, r.ret)
		case checks.NotArgHandle:
			// part of the return's TensorImpl use-count check: skipped
			// with it (checks.NotArgHandle)
			r.Guard = b.guard(b.release.Autograd.FreshImplCheck(), "", "", r.ret)
		default:
			if checktable.ImplUseCount(r.Name) || r.Name == checks.StorageUseCountEq1 {
				r.Guard = b.guard(r.Name, "", "", r.ret)
			}
		}
	}
}

// guard returns the guard of a row of check k under the release's policy,
// made once per plan. Its terms, joined by commas, are:
//   - "mode", when the policy skips k under a dispatch mode;
//   - when it skips k for a subclass tensor (any kind of subclass):
//     term+name+")" for the argument (term "" for none), and ",py(retN)"
//     for return ret >= 0. The view check of a policy that skips it for a
//     subclass argument only gets no return term.
//
// It is "" for none.
func (b *builder) guard(k checks.Check, term, name string, ret int) string {
	mode, sub := b.guardSkips[0].Has(k), b.guardSkips[1].Has(k)
	if k == checks.SharesStorage && checktable.Guards(b.release.Autograd.Policy)&checktable.GuardViewArgOnly != 0 {
		ret = -1
	}
	if !sub {
		term, name, ret = "", "", -1
	}
	key := guardKey{mode, term, name, ret}
	if g, ok := b.guardStrs[key]; ok {
		return g
	}
	var terms []string
	if mode {
		terms = append(terms, "mode")
	}
	if term != "" {
		terms = append(terms, term+name+")")
	}
	if ret >= 0 {
		terms = append(terms, "py(ret"+strconv.Itoa(ret)+")")
	}
	g := strings.Join(terms, ",")
	b.guardStrs[key] = g
	return g
}

// guardSkips returns the checks policy p skips under a dispatch mode, and
// those it skips for every kind of tensor subclass (PyTorch's Python
// key).
func guardSkips(p checks.Policy) []checks.Set {
	mode, sub := checks.Set(0), checks.All
	for _, r := range checktable.Rules(p) {
		switch r.Reason {
		case checks.ReasonModeActive:
			mode = r.Skips
		case checks.ReasonDirectSubclass, checks.ReasonWrapperStub, checks.ReasonWrapperPropagating:
			sub &= r.Skips
		}
	}
	return []checks.Set{mode, sub}
}

type guardKey struct {
	mode       bool
	term, name string
	ret        int
}

// A vtCause says why PyTorch does or does not generate a VariableType
// kernel for an op.
type vtCause uint8

const (
	vtGenerated     vtCause = iota // generated (abstract, or with derivative formulas)
	vtManual                       // hand-written (MANUAL_AUTOGRAD)
	vtCompositeOnly                // none: CompositeImplicitAutograd only, no formula (use_type)
	vtFallback                     // none: the autograd-not-implemented fallback instead
)

// variableTypeKernel decides whether PyTorch generates a VariableType
// kernel for the op, and why. For an op without one, it gives the reason
// and its source, for the skips. For an op with one, it gives them only
// when why is set, for explain.
func (b *builder) variableTypeKernel(i int, o *schema.Op, es []*allowlist.Entry, why bool) (cause vtCause, reason, source string) {
	if e := lastEntry(es, allowlist.ManualAutograd); e != nil {
		return vtManual, e.Reason, e.Source()
	}
	abstract := isAbstract(o)
	if b.deriv == nil {
		if !abstract {
			return vtCompositeOnly, "no VariableType kernel: the op is CompositeImplicitAutograd only (no derivatives.yaml given: assuming, as DESIGN.md does, that every other op has one)", sourcePyTorchRule
		}
		return vtGenerated, "assumed (no derivatives.yaml given): the op has a kernel other than CompositeImplicitAutograd", ""
	}
	info := &b.infos[i]
	if info.entry == nil {
		for _, c := range []allowlist.Category{allowlist.ResetGradAccumulator, allowlist.DontRequireDerivative, allowlist.SkipInputIdentity, allowlist.SkipStorageUseCount, allowlist.SkipImplUseCount} {
			if e := firstEntry(es, c); e != nil && abstract {
				if !why {
					return vtGenerated, "", ""
				}
				return vtGenerated, fmt.Sprintf("without derivative formulas, because the op is in %s (%s), which keeps the generated kernel", c, e.Source()), ""
			}
		}
		switch {
		case !abstract:
			return vtCompositeOnly, "no VariableType kernel: the op is CompositeImplicitAutograd only and derivatives.yaml has no entry for it", sourcePyTorchRule
		case !hasTensorLikeReturn(o.Func):
			return vtGenerated, "without derivative formulas: the op returns no tensor, so there is nothing to differentiate and the generated kernel is kept", ""
		case o.Generated && o.Kind == schema.Out:
			return vtFallback, "no VariableType kernel: PyTorch matches no derivatives.yaml entry to a generated out= op, so the autograd-not-implemented fallback runs, without asserts", sourcePyTorchRule
		}
		return vtFallback, "no VariableType kernel: derivatives.yaml has no entry for the op, so the autograd-not-implemented fallback runs, without asserts", sourcePyTorchRule
	}
	at := func() string { return fmt.Sprintf("%s:%d", info.entry.Pos.Filename, info.entry.Pos.Line) }
	switch {
	case !info.has && !abstract:
		return vtCompositeOnly, "no VariableType kernel: the op is CompositeImplicitAutograd only and its derivatives.yaml entry has no backward formula", at()
	case !why:
		return vtGenerated, "", ""
	}
	switch at := at(); {
	case !info.has:
		return vtGenerated, fmt.Sprintf("because the op has a kernel other than CompositeImplicitAutograd (its derivatives.yaml entry at %s has no backward formula)", at), ""
	case info.how == matchViewCopy:
		return vtGenerated, fmt.Sprintf("with derivative formulas: the view op %s's derivatives.yaml entry applies to its _copy variant (%s)", info.canonical.Name, at), ""
	case info.how == matchFunctional:
		return vtGenerated, fmt.Sprintf("with derivative formulas: the entry of its functional variant %s applies (%s)", info.canonical.Name, at), ""
	case info.how == matchMutable:
		return vtGenerated, fmt.Sprintf("with derivative formulas: the entry of the mutable op %s it was generated from applies (%s)", info.canonical.Name, at), ""
	case info.how == matchForeach:
		return vtGenerated, fmt.Sprintf("with derivative formulas: a foreach op borrows the entry of its reference op %s (PyTorch %s, gen_foreach_derivativeinfo; %s)", info.canonical.Name, b.release.Version, at), ""
	default:
		return vtGenerated, fmt.Sprintf("with derivative formulas (%s)", at), ""
	}
}

// strictRows adds the rows of the strict profile.
func (b *builder) strictRows(st *state, i int, o *schema.Op, ex *explanation) {
	f := o.Func
	es := b.ix.Entries(i)
	strictInputRows(st, f, lastEntry(es, allowlist.SkipInputIdentity), !b.noMetadata)
	b.noMetadataNote(f, ex)
	skipImpl := lastEntry(es, allowlist.SkipImplUseCount)
	skipStorage := lastEntry(es, allowlist.SkipStorageUseCount)
	views := lastEntry(es, allowlist.Views)
	mayAlias := lastEntry(es, allowlist.MayAlias)
	composite := compositeOnly(o)
	fresh, freshRets := 0, []int(nil)
	for ri := range f.Returns {
		r := &f.Returns[ri]
		form := r.Type.TensorForm()
		if form == schema.NotTensor {
			continue
		}
		var alias *schema.Argument
		if r.Annotation != nil {
			alias = f.ReturnAlias(ri)
		}
		switch {
		case alias != nil && r.IsWrite():
			st.add(checks.ReturnsArg, alias.Name, ri)
			ex.ret(ri, "%s itself: the return carries %s's write annotation (%s)", alias.Name, alias.Name, r.Annotation)
		case alias != nil && views != nil:
			// A views entry turns a may-alias return into a view: the
			// runtime declares that its kernel always aliases.
			st.implUseCount(b.release.Autograd.FreshImplCheck(), f, ri, skipImpl)
			st.add(checks.SharesStorage, views.Arg, ri)
			ex.ret(ri, "a view of %s (views allowlist; the schema alone allows a copy): %s (%s)", views.Arg, views.Reason, views.Source())
		case alias != nil && mayAlias != nil:
			st.add(checks.FreshOrAlias, alias.Name, ri)
			b.freshNotHeld(st, f, ri, alias.Name, len(st.rows)-1, nil)
			ex.ret(ri, "%s, a view of it, or fresh: %s (%s)", alias.Name, mayAlias.Reason, mayAlias.Source())
		case alias != nil && composite:
			st.add(checks.FreshOrAlias, alias.Name, ri)
			b.freshNotHeld(st, f, ri, alias.Name, len(st.rows)-1, nil)
			ex.ret(ri, "%s, a view of it, or fresh: the return is annotated as aliasing %s (%s), but the op's only kernel is CompositeImplicitAutograd, a decomposition that may return a view or a copy", alias.Name, alias.Name, r.Annotation)
		case alias != nil:
			st.implUseCount(b.release.Autograd.FreshImplCheck(), f, ri, skipImpl)
			st.add(checks.SharesStorage, alias.Name, ri)
			why := "a view of %s: the return is annotated as aliasing %s (%s) without a write, and the op has a kernel other than CompositeImplicitAutograd, so it must alias"
			if o.Entry == nil {
				why = "a view of %s: the return is annotated as aliasing %s (%s) without a write, and a schema list has no dispatch information, so it must alias"
			}
			ex.ret(ri, why, alias.Name, alias.Name, r.Annotation)
		case alias == nil && mayAlias != nil && mayAlias.Arg != "" && (o.Kind == schema.Functional || o.Kind == schema.Mutable):
			st.add(checks.FreshOrAlias, mayAlias.Arg, ri)
			b.freshNotHeld(st, f, ri, mayAlias.Arg, len(st.rows)-1, nil)
			ex.ret(ri, "%s, a view of it, or fresh, although the schema says fresh: %s (%s)", mayAlias.Arg, mayAlias.Reason, mayAlias.Source())
		case views != nil && (o.Kind == schema.Functional || o.Kind == schema.Mutable):
			st.implUseCount(b.release.Autograd.FreshImplCheck(), f, ri, skipImpl)
			st.add(checks.SharesStorage, views.Arg, ri)
			ex.ret(ri, "a view of %s (views allowlist): %s (%s)", views.Arg, views.Reason, views.Source())
		default:
			st.implUseCount(b.release.Autograd.FreshImplCheck(), f, ri, skipImpl)
			st.add(checks.StorageUseCountEq1, "", ri).skipFor(skipStorage)
			lead := len(st.rows) - 1
			// fresh_no_alias: the return shares no StorageImpl with an
			// input. It needs no use counts, so it also holds where the
			// use-count checks are skipped at run time (modes,
			// subclasses). An op allowlisted for a shared returned storage
			// (skip_storage_use_count) may share it with an input.
			st.againstArgs(checks.FreshNoAlias, f, ri, skipStorage, -1)
			b.freshNotHeld(st, f, ri, "", lead, skipStorage)
			freshRets = append(freshRets, ri)
			why := freshWhy(r)
			if form == schema.TensorList || form == schema.TensorOptionalList {
				fresh += 2 // a list may hold several tensors
				ex.ret(ri, "fresh tensors: %s, so each element must be newly allocated", why)
			} else {
				fresh++
				ex.ret(ri, "fresh: %s, so the kernel must allocate it", why)
			}
		}
	}
	if !b.identity.UseCounts() && slices.ContainsFunc(st.rows, func(r row) bool {
		return checktable.ImplUseCount(r.Name) || r.Name == checks.StorageUseCountEq1 || r.Name == checks.FreshOrAlias
	}) {
		ex.note("planned for a runtime without use counts (use_counts: false): the use-count rows (" + b.release.Autograd.FreshImplCheck().String() + ", storage_use_count_eq_1) are skipped at run time under no_use_counts, as is fresh_or_alias where only the counts could decide; their not_arg_handle rows still run (comparing handles needs no count), and fresh_not_held checks fresh returns, and the fresh branch of may-alias returns, instead")
	}
	if fresh >= 2 {
		r := st.add(checks.DistinctOutputs, "", -1)
		r.Rets = freshRets
		r.skipFor(skipStorage)
	}
}

// noMetadataNote says, for a plan made with NoMetadata, that f's
// arguments it does not write have no same_metadata rows.
func (b *builder) noMetadataNote(f *schema.Func, ex *explanation) {
	if b.noMetadata && slices.ContainsFunc(f.Args(), func(a *schema.Argument) bool { return a.Type.TensorForm() != schema.NotTensor && !a.IsWrite() }) {
		ex.note("planned for a runtime that does not report tensor metadata (metadata: false): no same_metadata rows on the arguments the op does not write")
	}
}

// strictInputRows adds the strict rows of every tensor argument of f: its
// identity (skipped by a skip_input_identity entry) and binding_context.
// An argument f does not write also gets no_mutation, same_content and,
// with metadata, same_metadata.
func strictInputRows(st *state, f *schema.Func, skipIn *allowlist.Entry, metadata bool) {
	for _, a := range f.Args() {
		if a.Type.TensorForm() == schema.NotTensor {
			continue
		}
		st.add(checks.SameImpl, a.Name, -1).skipFor(skipIn)
		st.add(checks.SameStorage, a.Name, -1).skipFor(skipIn)
		if !a.IsWrite() {
			st.add(checks.NoMutation, a.Name, -1)
			st.add(checks.SameContent, a.Name, -1)
			if metadata {
				st.add(checks.SameMetadata, a.Name, -1)
			}
		}
		st.add(checks.BindingContext, a.Name, -1)
	}
}

// schemaPath is the schema's file name as plans show it.
func schemaPath(s *schema.Schema) string {
	if s.Path == "" {
		return "the schema"
	}
	return s.Path
}

// opNames returns the ops a name given to explain selects: the op of that
// name, or every overload of a name given as "name" or "name.*".
func (b *builder) opNames(name string) []int {
	if i := slices.IndexFunc(b.s.Ops, func(o *schema.Op) bool { return o.Name == name }); i >= 0 {
		return []int{i}
	}
	sel, err := schema.ParseSelector(name)
	if err != nil || sel.All || !sel.Every && sel.Name.Overload != "" {
		return nil
	}
	sel.Every = true
	var out []int
	for i, o := range b.s.Ops {
		if sel.Matches(o.Func.Name) {
			out = append(out, i)
		}
	}
	return out
}

// Select narrows the plan to the ops the selectors select, in plan order.
// Selectors are schema.Selector's: "add.Tensor", "add.*", "*". No selector
// keeps every op. Each selected op records in SelectedBy where the
// selector that selected it is written. where maps a selector to its ops:
// entry or backend yaml line; a selector without a place records none. A
// selector that is none or selects no op is an error.
func (p *Plan) Select(selectors []string, where map[string]schema.Position) error {
	if len(selectors) == 0 {
		return nil
	}
	names := make([]schema.OperatorName, len(p.Ops))
	for i, op := range p.Ops {
		var err error
		if names[i], err = opName(op); err != nil {
			return err
		}
	}
	list := schema.NewOpList("the plan", names)
	sels := make([]schema.Selector, len(selectors))
	for i, text := range selectors {
		var err error
		if sels[i], err = schema.ParseSelector(text); err != nil {
			msg, _ := list.SelectsNone(text, true)
			return errors.New(msg)
		}
	}
	hit, unhit := make([]bool, len(sels)), len(sels)
	var out []*Op
	for k, op := range p.Ops {
		by := -1 // the first selector that selects op; a later one is hit too
		for i, sel := range sels {
			if (by < 0 || !hit[i]) && sel.Matches(names[k]) {
				if !hit[i] {
					hit[i], unhit = true, unhit-1
				}
				if by < 0 {
					by = i
				}
			}
			if by >= 0 && unhit == 0 {
				break
			}
		}
		if by < 0 {
			continue
		}
		if at, ok := where[selectors[by]]; ok {
			op.SelectedBy = at.String()
		}
		out = append(out, op)
	}
	for i, text := range selectors {
		if !hit[i] {
			msg, _ := list.SelectsNone(text, true)
			return errors.New(msg)
		}
	}
	p.Ops = out
	return nil
}

// opName is the name of op, from its schema op, or for a hand-made plan's
// op without one, from its Name.
func opName(op *Op) (schema.OperatorName, error) {
	if op.Src != nil && op.Src.Func != nil {
		return op.Src.Func.Name, nil
	}
	n, err := schema.ParseOperatorName(op.Name)
	if err != nil {
		return n, fmt.Errorf("op %q: %v", op.Name, err)
	}
	return n, nil
}
