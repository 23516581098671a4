package schema

import "github.com/assertgen/assertgen/schema/funcschema"

// The function-schema language, one op's "name.overload(args) ->
// returns", is package schema/funcschema. It links no yaml loader and no
// embedded file, so package sweep parses its table with it. Its model is
// this package's, under the same names: those the repository uses.

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
)

const (
	CustomClassPrefix  = funcschema.CustomClassPrefix
	BaseKind           = funcschema.BaseKind
	Bool               = funcschema.Bool
	ClassKind          = funcschema.ClassKind
	Device             = funcschema.Device
	Dimname            = funcschema.Dimname
	Float              = funcschema.Float
	Functional         = funcschema.Functional
	Generator          = funcschema.Generator
	Inplace            = funcschema.Inplace
	Int                = funcschema.Int
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
	Str                = funcschema.Str
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

// CutNamespace splits "ns::rest" (see funcschema.CutNamespace).
func CutNamespace(text string) (ns, rest string, found bool) { return funcschema.CutNamespace(text) }

// FuncName returns the operator name a schema text starts with (see
// funcschema.FuncName).
func FuncName(text string) string { return funcschema.FuncName(text) }
