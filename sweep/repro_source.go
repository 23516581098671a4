package sweep

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// A Source is how a runtime's tensors are written in Go with the library
// alone, for the reproducers of a sweep's findings (docs/sweep.md,
// "Reproducers"). A [Runtime] that has a ReproSource method returning one
// (and a ReproTensor method, see [ReproRuntime]) gets a reproducer per
// finding and crash; one without gets none, and the report says so.
type Source struct {
	// Imports are the import paths Decls and the tensors' expressions
	// use.
	Imports []string
	// Decls are Go declarations every reproducer gets. They declare,
	// for the Go type T of the library's tensors:
	//
	//	func tensorValues(x T) []float64 // its elements, in row-major order
	//	func tensorSizes(x T) []int      // its shape
	//	func tensorFill(x T, v float64)  // writes v to each of its elements
	//
	// and, optionally, what the templates of some checks call (a runtime
	// without one gets no reproducer of those, and a line naming it):
	//
	//	func tensorAddr(x T) uintptr   // where its elements are (0 for none): same_storage
	//	func tensorImpl(x T) uintptr   // the object its handle points at: same_impl
	//	func tensorVersion(x T) V      // the library's version counter, any comparable V: no_mutation
	//	func tensorRelease(xs ...any)  // releases each tensor of xs, as the runtime's Release
	//	                               // does: release crashes, fresh_or_alias, view_holds_storage
	Decls string
}

// A ReproRuntime is a [Runtime] that can write its tensors as Go source,
// for reproducers ([Options].Repro).
type ReproRuntime interface {
	Runtime
	// ReproSource returns the declarations and imports every reproducer
	// of the runtime's tensors needs.
	ReproSource() Source
	// ReproTensor returns a Go expression, of the library's own
	// constructor and values, that makes the tensor of sp: made holds the
	// names of the variables of the tensors made before it (a Spec with
	// Same >= 0 is made[Same], one with ViewOf >= 0 a view of
	// made[ViewOf]); an error when it cannot (as Tensor would).
	ReproTensor(sp Spec, made []string) (string, error)
}

// goType returns the Go source of type t, recording in imports the
// packages it names (path to name).
func goType(t reflect.Type, imports map[string]string) string {
	if t.Name() != "" {
		if t.PkgPath() != "" {
			name, _, _ := strings.Cut(t.String(), ".")
			name = strings.TrimLeft(name, "*[]")
			if as := imports[t.PkgPath()]; as != "" && as != name { // imported under another name
				return as + strings.TrimPrefix(t.String(), name)
			}
			imports[t.PkgPath()] = name
		}
		return t.String()
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + goType(t.Elem(), imports)
	case reflect.Slice:
		return "[]" + goType(t.Elem(), imports)
	case reflect.Array:
		return "[" + strconv.Itoa(t.Len()) + "]" + goType(t.Elem(), imports)
	case reflect.Map:
		return "map[" + goType(t.Key(), imports) + "]" + goType(t.Elem(), imports)
	}
	return t.String()
}

// goValue returns a Go expression of v's value, of v's type.
func goValue(v reflect.Value, imports map[string]string) (string, error) {
	t := v.Type()
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Interface, reflect.Map:
		if v.IsNil() {
			return "nil", nil
		}
	}
	ty := goType(t, imports)
	switch t.Kind() {
	case reflect.Bool:
		return conv(ty, strconv.FormatBool(v.Bool()), "bool"), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return conv(ty, strconv.FormatInt(v.Int(), 10), "int"), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return ty + "(" + strconv.FormatUint(v.Uint(), 10) + ")", nil
	case reflect.Float32, reflect.Float64:
		lit := floatLit(ty, v.Float())
		if strings.Contains(lit, "math.") {
			imports["math"] = "math"
		}
		return lit, nil
	case reflect.String:
		return conv(ty, strconv.Quote(v.String()), "string"), nil
	case reflect.Interface:
		e, err := goValue(v.Elem(), imports)
		if err != nil {
			return "", err
		}
		if ty == "any" || ty == "interface {}" {
			return e, nil
		}
		return ty + "(" + e + ")", nil
	case reflect.Slice:
		var es []string
		for i := range v.Len() {
			e, err := goValue(v.Index(i), imports)
			if err != nil {
				return "", err
			}
			es = append(es, e)
		}
		return ty + "{" + strings.Join(es, ", ") + "}", nil
	case reflect.Pointer:
		e, err := goValue(v.Elem(), imports)
		if err != nil {
			return "", err
		}
		et := goType(t.Elem(), imports)
		return "func() " + ty + " { v := " + et + "(" + e + "); return &v }()", nil
	}
	return "", fmt.Errorf("no Go literal of a %v", t)
}

// conv is lit of Go type ty, converted unless ty is lit's default type.
func conv(ty, lit, def string) string {
	if ty == def {
		return lit
	}
	return ty + "(" + lit + ")"
}

// floatLit is the float x as a Go expression of type ty.
func floatLit(ty string, x float64) string {
	var lit string
	switch {
	case x != x:
		lit = "math.NaN()"
	case math.IsInf(x, 1):
		lit = "math.Inf(1)"
	case math.IsInf(x, -1):
		lit = "math.Inf(-1)"
	default:
		lit = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return ty + "(" + lit + ")"
}

// reproDtype is the element type a reproducer names sp's by: "Go int"
// for a tensor of Go's int (Spec.GoInt, which the runtime writes as an
// []int, not an int64 one), else its dtype.
func reproDtype(sp Spec) string {
	if sp.GoInt {
		return "Go int"
	}
	return sp.Dtype
}

// reproDescribe is s.Describe() as a reproducer says it: a tensor of Go's
// int named "Go int" (reproDtype), not int64.
func reproDescribe(s *Sample) string {
	c := *s
	c.Specs = slices.Clone(s.Specs)
	for k := range c.Specs {
		if sp := &c.Specs[k]; sp.GoInt {
			sp.Dtype, sp.GoInt = reproDtype(*sp), false
		}
	}
	return c.Describe()
}

// joinAnd joins l as "a", "a and b", "a, b and c".
func joinAnd(l []string) string {
	switch len(l) {
	case 0:
		return "no tensor"
	case 1:
		return l[0]
	}
	return strings.Join(l[:len(l)-1], ", ") + " and " + l[len(l)-1]
}
