package funcschema

import (
	"strconv"
	"strings"
)

// A BaseTy is an atomic schema type such as Tensor or int.
type BaseTy uint8

// The base types of the function-schema language. The set is what
// torchgen 1.13 accepts, plus what later PyTorch releases add
// (DeviceIndex, SymFloat, SymBool, GraphModule).
const (
	InvalidTy BaseTy = iota
	Tensor
	Int
	SymInt
	SymFloat
	SymBool
	Float
	Bool
	Str
	Scalar
	ScalarType
	Layout
	Device
	DeviceIndex
	MemoryFormat
	QScheme
	Generator
	Storage
	Stream
	Dimname
	DimVector
	ConstQuantizerPtr
	GraphModule
	numBaseTys
)

var baseTyNames = [numBaseTys]string{
	InvalidTy:         "<invalid>",
	Tensor:            "Tensor",
	Int:               "int",
	SymInt:            "SymInt",
	SymFloat:          "SymFloat",
	SymBool:           "SymBool",
	Float:             "float",
	Bool:              "bool",
	Str:               "str",
	Scalar:            "Scalar",
	ScalarType:        "ScalarType",
	Layout:            "Layout",
	Device:            "Device",
	DeviceIndex:       "DeviceIndex",
	MemoryFormat:      "MemoryFormat",
	QScheme:           "QScheme",
	Generator:         "Generator",
	Storage:           "Storage",
	Stream:            "Stream",
	Dimname:           "Dimname",
	DimVector:         "DimVector",
	ConstQuantizerPtr: "ConstQuantizerPtr",
	GraphModule:       "GraphModule",
}

func (t BaseTy) String() string {
	if t < numBaseTys {
		return baseTyNames[t]
	}
	return "BaseTy(" + strconv.Itoa(int(t)) + ")"
}

// LookupBaseTy maps a type name to its BaseTy.
func LookupBaseTy(name string) (BaseTy, bool) {
	for t := Tensor; t < numBaseTys; t++ {
		if baseTyNames[t] == name {
			return t, true
		}
	}
	return InvalidTy, false
}

// CustomClassPrefix starts the name of a TorchScript custom class type.
const CustomClassPrefix = "__torch__.torch.classes."

// A TypeKind tells which of the Type variants a Type is.
type TypeKind uint8

const (
	BaseKind     TypeKind = iota // a BaseTy
	OptionalKind                 // Elem?
	ListKind                     // Elem[] or Elem[Size]
	ClassKind                    // __torch__.torch.classes.Class
)

// A Type is a schema type: a base type, a custom class, an optional or a
// list, nested in any legal combination (int[1]?, Tensor?[], SymInt[]?).
type Type struct {
	Kind  TypeKind
	Base  BaseTy // BaseKind
	Class string // ClassKind: the name after CustomClassPrefix
	Elem  *Type  // OptionalKind, ListKind
	Size  int    // ListKind: fixed size, 0 for unsized
}

// baseTypes holds one shared Type per base type.
var baseTypes = func() (t [numBaseTys]Type) {
	for i := range t {
		t[i] = Type{Kind: BaseKind, Base: BaseTy(i)}
	}
	return t
}()

// NewBase returns the Type for a base type. Base types are shared: Types
// are values and must not be modified once built.
func NewBase(b BaseTy) *Type {
	if b < numBaseTys {
		return &baseTypes[b]
	}
	return &Type{Kind: BaseKind, Base: b}
}

// NewOptional returns elem?.
func NewOptional(elem *Type) *Type { return &Type{Kind: OptionalKind, Elem: elem} }

// NewList returns elem[size] (size 0: elem[]).
func NewList(elem *Type, size int) *Type { return &Type{Kind: ListKind, Elem: elem, Size: size} }

func (t *Type) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t *Type) write(b *strings.Builder) {
	switch t.Kind {
	case BaseKind:
		b.WriteString(t.Base.String())
	case ClassKind:
		b.WriteString(CustomClassPrefix)
		b.WriteString(t.Class)
	case OptionalKind:
		t.Elem.write(b)
		b.WriteByte('?')
	case ListKind:
		t.Elem.write(b)
		b.WriteByte('[')
		if t.Size > 0 {
			b.WriteString(strconv.Itoa(t.Size))
		}
		b.WriteByte(']')
	}
}

// Equal reports whether t and u are the same type.
func (t *Type) Equal(u *Type) bool {
	if t == nil || u == nil {
		return t == u
	}
	if t.Kind != u.Kind || t.Base != u.Base || t.Class != u.Class || t.Size != u.Size {
		return false
	}
	if t.Elem == nil || u.Elem == nil {
		return t.Elem == u.Elem
	}
	return t.Elem.Equal(u.Elem)
}

// Is reports whether t is exactly the base type b.
func (t *Type) Is(b BaseTy) bool { return t.Kind == BaseKind && t.Base == b }

// IsBaseLike reports whether b is at the core of t, under any number of
// optionals and lists (torchgen's is_base_ty_like).
func (t *Type) IsBaseLike(b BaseTy) bool {
	switch t.Kind {
	case BaseKind:
		return t.Base == b
	case OptionalKind, ListKind:
		return t.Elem.IsBaseLike(b)
	}
	return false
}

// IsTensorLike reports whether t is Tensor, Tensor?, Tensor[], Tensor?[], ...
func (t *Type) IsTensorLike() bool { return t.IsBaseLike(Tensor) }

// IsOptional reports whether t is T?.
func (t *Type) IsOptional() bool { return t.Kind == OptionalKind }

// IsList reports whether t is a list, or an optional list.
func (t *Type) IsList() bool {
	if t.Kind == OptionalKind {
		return t.Elem.IsList()
	}
	return t.Kind == ListKind
}

// Unopt returns the type under one level of optional, or t itself.
func (t *Type) Unopt() *Type {
	if t.Kind == OptionalKind {
		return t.Elem
	}
	return t
}

// TensorForm classifies the tensor-carrying shapes checks care about.
type TensorForm uint8

const (
	NotTensor          TensorForm = iota
	TensorSingle                  // Tensor
	TensorOptional                // Tensor?
	TensorList                    // Tensor[] (sized or not)
	TensorOptionalList            // Tensor?[]
	TensorOtherForm               // any other shape that contains Tensor, e.g. Tensor[]?
)

// TensorForm tells how t carries tensors.
func (t *Type) TensorForm() TensorForm {
	switch {
	case t.Is(Tensor):
		return TensorSingle
	case t.Kind == OptionalKind && t.Elem.Is(Tensor):
		return TensorOptional
	case t.Kind == ListKind && t.Elem.Is(Tensor):
		return TensorList
	case t.Kind == ListKind && t.Elem.Kind == OptionalKind && t.Elem.Elem.Is(Tensor):
		return TensorOptionalList
	case t.IsTensorLike():
		return TensorOtherForm
	}
	return NotTensor
}

func (f TensorForm) String() string {
	switch f {
	case TensorSingle:
		return "Tensor"
	case TensorOptional:
		return "Tensor?"
	case TensorList:
		return "Tensor[]"
	case TensorOptionalList:
		return "Tensor?[]"
	case TensorOtherForm:
		return "other tensor form"
	}
	return "not a tensor"
}
