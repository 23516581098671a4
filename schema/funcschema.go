package schema

import "github.com/assertgen/assertgen/internal/funcschema"

// The function-schema language (one op's "name.overload(args) -> returns")
// is package internal/funcschema, which links no yaml loader and no
// embedded file (package sweep parses its table with it); its model is
// this package's, under the same names.

type (
	Annotation   = funcschema.Annotation
	Argument     = funcschema.Argument
	BaseName     = funcschema.BaseName
	BaseTy       = funcschema.BaseTy
	Func         = funcschema.Func
	Kind         = funcschema.Kind
	OperatorName = funcschema.OperatorName
	Return       = funcschema.Return
	SyntaxError  = funcschema.SyntaxError
	TensorForm   = funcschema.TensorForm
	Type         = funcschema.Type
	TypeKind     = funcschema.TypeKind
)

const (
	CustomClassPrefix  = funcschema.CustomClassPrefix
	BaseKind           = funcschema.BaseKind
	Bool               = funcschema.Bool
	ClassKind          = funcschema.ClassKind
	ConstQuantizerPtr  = funcschema.ConstQuantizerPtr
	Device             = funcschema.Device
	DeviceIndex        = funcschema.DeviceIndex
	DimVector          = funcschema.DimVector
	Dimname            = funcschema.Dimname
	Float              = funcschema.Float
	Functional         = funcschema.Functional
	Generator          = funcschema.Generator
	GraphModule        = funcschema.GraphModule
	Inplace            = funcschema.Inplace
	Int                = funcschema.Int
	InvalidTy          = funcschema.InvalidTy
	Layout             = funcschema.Layout
	ListKind           = funcschema.ListKind
	MemoryFormat       = funcschema.MemoryFormat
	Mutable            = funcschema.Mutable
	NotTensor          = funcschema.NotTensor
	OptionalKind       = funcschema.OptionalKind
	Out                = funcschema.Out
	QScheme            = funcschema.QScheme
	Scalar             = funcschema.Scalar
	ScalarType         = funcschema.ScalarType
	Scratch            = funcschema.Scratch
	Storage            = funcschema.Storage
	Str                = funcschema.Str
	Stream             = funcschema.Stream
	SymBool            = funcschema.SymBool
	SymFloat           = funcschema.SymFloat
	SymInt             = funcschema.SymInt
	Tensor             = funcschema.Tensor
	TensorList         = funcschema.TensorList
	TensorOptional     = funcschema.TensorOptional
	TensorOptionalList = funcschema.TensorOptionalList
	TensorOtherForm    = funcschema.TensorOtherForm
	TensorSingle       = funcschema.TensorSingle
)

// ParseFunc parses one function schema, without a namespace prefix (see
// funcschema.ParseFunc).
func ParseFunc(s string) (*Func, error) { return funcschema.ParseFunc(s) }

// ParseOperatorName parses "name.overload" (see funcschema.ParseOperatorName).
func ParseOperatorName(s string) (OperatorName, error) { return funcschema.ParseOperatorName(s) }

// NewBase, NewList and NewOptional make types (see funcschema).
func NewBase(b BaseTy) *Type { return funcschema.NewBase(b) }

// NewList returns the type elem[size] (size 0: elem[]).
func NewList(elem *Type, size int) *Type { return funcschema.NewList(elem, size) }

// NewOptional returns the type elem?.
func NewOptional(elem *Type) *Type { return funcschema.NewOptional(elem) }

// CutNamespace splits "ns::rest" (see funcschema.CutNamespace).
func CutNamespace(text string) (ns, rest string, found bool) { return funcschema.CutNamespace(text) }

// FuncName returns the operator name a schema text starts with (see
// funcschema.FuncName).
func FuncName(text string) string { return funcschema.FuncName(text) }
