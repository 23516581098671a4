// Package funcschema is PyTorch's function-schema language: one op's
// signature, as native_functions.yaml's func: values and
// torch._C._jit_get_all_schemas() write it. An example:
//
//	add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
//
// The package holds:
//   - its model: [Func], [Argument], [Return], [Type], [Annotation],
//     [Kind];
//   - its parser, [ParseFunc], which also applies the checks torchgen
//     makes of a FunctionSchema;
//   - its canonical printer, [Func.String];
//   - the cuts of an op's text: [CutNamespace], [FuncName].
//
// It imports no yaml loader and embeds no file. Package schema loads
// native_functions.yaml under the rules of each release, and gives this
// model under the same names. Package sweep parses its table of schema
// lines with this package alone. So a runtime's sweep test links neither
// the loader nor the embedded PyTorch files.
package funcschema
