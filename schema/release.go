package schema

import (
	"github.com/assertgen/assertgen/schema/funcschema"

	"fmt"
	"slices"
	"strings"

	"github.com/assertgen/assertgen/internal/pytorch"
)

// rules are what torchgen of one PyTorch release accepts in
// native_functions.yaml and tags.yaml, and how it classifies and expands
// the ops, as the loader reads them. They are the Torchgen part of the
// release in assertgen's one table of releases, with its lists made sets.
// That table is internal/pytorch.Release, whose fields name their source
// in each release's torchgen. No code asks for a version number.
//
// Adding a release is adding an entry to that table, with its files beside
// it and its reference in testdata/reference. See docs/schema.md,
// "Releases".
type rules struct {
	// Version is the release, "2.14.1"; Series is what -pytorch-version
	// takes for it, "2.14".
	Version, Series string
	// The rules (see the fields' documentation in internal/pytorch:
	// DispatchKeys, EnumKeys, KernelNamespaces, StructuredKeys,
	// TagsList, ImpliedTags, KindTags, ConstRefNoOut, GoneBaseTypes,
	// NotViewOps, the autogen lists, ...).
	pytorch.Torchgen

	// files are the release's embedded files.
	files *pytorch.Release
	// The lists above as sets and values, for the loader.
	autogenOrder              []Kind
	accepted, enum, reserved  map[string]bool
	goneTypes                 map[BaseTy]bool
	outNotGrouped, mutNoOut   map[string]bool
	funcNoOut, inplNotGrouped map[string]bool
	// err is what is wrong with the entry: a name that is no kind or base
	// type. Loading under the release returns it, and TestReleaseTable
	// fails on it.
	err error
}

func set(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// releases are the releases of the table, in its order (oldest first).
var releases = func() []*rules {
	rs := make([]*rules, len(pytorch.Releases))
	for i, p := range pytorch.Releases {
		rs[i] = newRules(p)
	}
	return rs
}()

// newRules reads the Torchgen part of a release of the table; a name in
// it that is no kind or base type is its err.
func newRules(p *pytorch.Release) *rules {
	r := &rules{Version: p.Version, Series: p.Series, Torchgen: p.Torchgen, files: p}
	r.accepted, r.enum, r.reserved = set(r.DispatchKeys), set(r.EnumKeys), set(r.ReservedArgNames)
	r.outNotGrouped, r.mutNoOut = set(r.OutOpsNotGrouped), set(r.MutableOpsWithoutOut)
	r.funcNoOut, r.inplNotGrouped = set(r.FunctionalOpsWithoutOut), set(r.InplaceOpsNotGrouped)
	for _, k := range r.AutogenBaseOrder {
		var kind Kind
		if kind.UnmarshalText([]byte(k)) != nil {
			r.err = fmt.Errorf("internal/pytorch: release %s: AutogenBaseOrder: unknown kind %q", r.Version, k)
		}
		r.autogenOrder = append(r.autogenOrder, kind)
	}
	r.goneTypes = map[BaseTy]bool{}
	for _, name := range r.GoneBaseTypes {
		t, ok := funcschema.LookupBaseTy(name)
		if !ok {
			r.err = fmt.Errorf("internal/pytorch: release %s: GoneBaseTypes: unknown base type %q", r.Version, name)
		}
		r.goneTypes[t] = true
	}
	return r
}

// newestRules returns the rules that apply when no release is selected.
func newestRules() *rules { return releases[len(releases)-1] }

// lookupRules returns the rules of the release a -pytorch-version value
// names (pytorch.Lookup): a series ("2.14") or a release ("2.14.1"). ""
// is the newest. An unknown version is an error that names the supported
// ones. So is a release whose entry names an unknown kind or base type.
func lookupRules(v string) (*rules, error) {
	p, err := pytorch.Lookup(v)
	if err != nil {
		return nil, err
	}
	r := releases[slices.Index(pytorch.Releases, p)] // built in the table's order
	if r.err != nil {
		return nil, r.err
	}
	return r, nil
}

func (r *rules) String() string { return "PyTorch " + r.Version }

// elsewhere names the other supported releases for which ok holds, as a
// hint for an error: " (valid in PyTorch 2.6.0: pass -pytorch-version
// 2.6)". It is empty when there are none: assertgen cannot tell about
// releases it has no rules for.
func (r *rules) elsewhere(what string, ok func(*rules) bool) string {
	var vs, series []string
	for _, o := range releases {
		if o != r && ok(o) {
			vs = append(vs, o.Version)
			series = append(series, o.Series)
		}
	}
	if len(vs) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s in PyTorch %s: pass -pytorch-version %s)",
		what, strings.Join(vs, ", "), strings.Join(series, " or "))
}
