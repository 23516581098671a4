package funcschema

import (
	"strconv"
	"strings"
)

// Signature returns the "core" signature shared by the functional,
// in-place, out= and mutable variants of one function, as torchgen's
// FunctionSchema.signature does. It has no overload, is not in-place, and
// has no out or tensor-option arguments and no annotations. Mutable inputs
// that are not returned become returns. With keepReturnNames, returns keep
// their names and the added ones are named NAME_out.
func (f *Func) Signature(keepReturnNames bool) *Func {
	strip := func(a Argument) Argument {
		a.Annotation = nil
		a.Offset = 0
		return a
	}
	g := &Func{Name: OperatorName{Name: BaseName{Base: f.Name.Name.Base, Dunder: f.Name.Name.Dunder}}}
	for _, a := range f.Positional {
		g.Positional = append(g.Positional, strip(a))
	}
	for _, a := range f.kwargOnlyWithoutTensorOptions() {
		g.KwargOnly = append(g.KwargOnly, strip(a))
	}
	for _, r := range f.Returns {
		nr := Return{Type: r.Type}
		if keepReturnNames {
			nr.Name = r.Name
		}
		g.Returns = append(g.Returns, nr)
	}
	var mutated []*Argument
	if s := f.Self(); s != nil {
		mutated = append(mutated, s)
	}
	for i := range f.Out {
		mutated = append(mutated, &f.Out[i])
	}
	post := f.PostSelfPositional()
	for i := range post {
		mutated = append(mutated, &post[i])
	}
	for _, a := range mutated {
		if !a.IsWrite() {
			continue
		}
		returned := false
		for i := range f.Returns {
			returned = returned || a.Annotation.Equal(f.Returns[i].Annotation)
		}
		if returned {
			continue
		}
		nr := Return{Type: a.Type}
		if keepReturnNames {
			nr.Name = a.Name + "_out"
		}
		g.Returns = append(g.Returns, nr)
	}
	// torchgen's Note [bernoulli.p schema]: the in-place variant spells a
	// default the functional one lacks.
	if f.Name.String() == "bernoulli.p" {
		for i := range g.Positional {
			if g.Positional[i].Name == "p" && g.Positional[i].Type.Is(Float) {
				g.Positional[i].Default, g.Positional[i].HasDefault = "0.5", true
			}
		}
	}
	return g
}

// AppendSignatureKey appends to b a key for grouping ops. Two schemas have
// equal keys exactly when torchgen's FunctionSchema.signature(
// strip_default=stripDefault, strip_view_copy_name=stripViewCopy) gives
// equal schemas. The key holds:
//   - the base name without overload or in-place marker, and without
//     "_copy" with stripViewCopy;
//   - the arguments without annotations, out= or tensor-option arguments,
//     and without defaults with stripDefault;
//   - the returns' types;
//   - the types of the mutated arguments the schema does not return.
//
// It builds no Func, since it groups thousands of ops.
func (f *Func) AppendSignatureKey(b []byte, stripDefault, stripViewCopy bool) []byte {
	n := f.Name.Name
	base := n.Base
	if stripViewCopy && strings.HasSuffix(base, "_copy") {
		base = strings.ReplaceAll(base, "_copy", "")
	}
	if n.Dunder {
		b = append(b, "__"...)
		b = append(b, base...)
		b = append(b, "__"...)
	} else {
		b = append(b, base...)
	}
	b = append(b, '(')
	// torchgen's Note [bernoulli.p schema]: the signature gives p the
	// default the in-place variant has, with or without strip_default.
	bernoulliP := n == BaseName{Base: "bernoulli"} && f.Name.Overload == "p"
	arg := func(a *Argument) {
		b = a.Type.appendKey(b)
		b = append(b, ' ')
		b = append(b, a.Name...)
		switch {
		case bernoulliP && a.Name == "p" && a.Type.Is(Float):
			b = append(b, "=0.5"...)
		case a.HasDefault && !stripDefault:
			b = append(b, '=')
			b = append(b, a.Default...)
		}
		b = append(b, ',')
	}
	for i := range f.Positional {
		arg(&f.Positional[i])
	}
	b = append(b, '*', ',')
	kw := f.kwargOnlyWithoutTensorOptions()
	for i := range kw {
		arg(&kw[i])
	}
	b = append(b, ")->("...)
	for i := range f.Returns {
		b = f.Returns[i].Type.appendKey(b)
		b = append(b, ',')
	}
	mutated := func(a *Argument) {
		if !a.IsWrite() {
			return
		}
		for i := range f.Returns {
			if a.Annotation.Equal(f.Returns[i].Annotation) {
				return
			}
		}
		b = a.Type.appendKey(b)
		b = append(b, ',')
	}
	if self := f.Self(); self != nil {
		mutated(self)
	}
	for i := range f.Out {
		mutated(&f.Out[i])
	}
	post := f.PostSelfPositional()
	for i := range post {
		mutated(&post[i])
	}
	return append(b, ')')
}

// appendKey appends the type's spelling (a custom class marked as such).
func (t *Type) appendKey(b []byte) []byte {
	switch t.Kind {
	case BaseKind:
		return append(b, t.Base.String()...)
	case OptionalKind:
		return append(t.Elem.appendKey(b), '?')
	case ListKind:
		b = append(t.Elem.appendKey(b), '[')
		if t.Size > 0 {
			b = strconv.AppendInt(b, int64(t.Size), 10)
		}
		return append(b, ']')
	}
	return append(append(b, "class:"...), t.Class...)
}

// kwargOnlyWithoutTensorOptions drops the dtype/layout/device/pin_memory run.
func (f *Func) kwargOnlyWithoutTensorOptions() []Argument {
	kw := f.KwargOnly
	if !f.HasTensorOptions() {
		return kw
	}
	for i := 0; i+4 <= len(kw); i++ {
		if kw[i].Name == "dtype" && kw[i+1].Name == "layout" && kw[i+2].Name == "device" && kw[i+3].Name == "pin_memory" {
			out := append([]Argument{}, kw[:i]...)
			return append(out, kw[i+4:]...)
		}
	}
	return kw
}
