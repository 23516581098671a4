package discover

import (
	"go/types"

	"github.com/assertgen/assertgen/kernels"
)

// metadataImplementers returns the single-tensor Go types whose method set
// has asserts.Metadata's MetadataFingerprint() (uint64, bool), spelled as
// kernels.GoType spells them (kernels.Set.Metadata). It finds them in the
// type information of the kernels package pkg and its imports. gen's
// wrapper reads the fingerprint of an argument of such a type by a direct
// call of the method (Frame.Meta, MetaAfter). So a row needs no type
// assertion, which is about a third of its instructions. Without the
// kernels package (interface mode without kernels:), or for a type it does
// not show, the runtime asks the tensor at run time. Both run the same
// check.
func metadataImplementers(pkg *types.Package) map[string]bool {
	return implementers(pkg, hasFingerprint)
}

// anchoredImplementers returns the Go types whose method set has
// asserts.Anchored's StorageAnchor() unsafe.Pointer (kernels.Set.Anchored).
// It spells and finds them as metadataImplementers does its own. For a
// runtime without use counts, gen's wrapper reads their anchors itself:
// the Frame's ArgIdent, AfterIdent and RetIdent are given
// t.StorageAnchor(). That spares an interface-to-interface assertion per
// argument and per fresh return at run time, about a sixth of a
// count-less add's checks.
func anchoredImplementers(pkg *types.Package) map[string]bool {
	return implementers(pkg, hasAnchor)
}

// implementers returns the exported types of pkg and its imports, and the
// pointers to them, for which has holds. They are spelled as Type.String
// spells them.
func implementers(pkg *types.Package, has func(types.Type) bool) map[string]bool {
	out := map[string]bool{}
	if pkg == nil {
		return out
	}
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		scope := p.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() {
				continue
			}
			for _, ptr := range []bool{false, true} {
				var t types.Type = tn.Type()
				prefix := ""
				if ptr {
					t, prefix = types.NewPointer(t), "*"
				}
				if has(t) {
					out[kernels.GoType{Prefix: prefix, Path: p.Path(), Name: name}.String()] = true
				}
			}
		}
		for _, q := range p.Imports() {
			walk(q)
		}
	}
	walk(pkg)
	return out
}

// hasAnchor reports whether t's method set has StorageAnchor()
// unsafe.Pointer.
func hasAnchor(t types.Type) bool {
	rs := methodResults(t, "StorageAnchor")
	if rs.Len() != 1 {
		return false
	}
	r, ok := rs.At(0).Type().(*types.Basic)
	return ok && r.Kind() == types.UnsafePointer
}

// hasFingerprint reports whether t's method set has
// MetadataFingerprint() (uint64, bool).
func hasFingerprint(t types.Type) bool {
	rs := methodResults(t, "MetadataFingerprint")
	if rs.Len() != 2 {
		return false
	}
	r0, ok0 := rs.At(0).Type().(*types.Basic)
	r1, ok1 := rs.At(1).Type().(*types.Basic)
	return ok0 && ok1 && r0.Kind() == types.Uint64 && r1.Kind() == types.Bool
}
