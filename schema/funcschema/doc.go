// Package funcschema is PyTorch's function-schema language, one op's
// signature as native_functions.yaml's func: values and
// torch._C._jit_get_all_schemas() write it ("add.Tensor(Tensor self,
// Tensor other, *, Scalar alpha=1) -> Tensor"): its model ([Func],
// [Argument], [Return], [Type], [Annotation], [Kind]), its parser
// ([ParseFunc], which also applies the checks torchgen makes of a
// FunctionSchema), its canonical printer ([Func.String]) and the cuts of
// an op's text ([CutNamespace], [FuncName]).
//
// It imports no yaml loader and embeds no file: package schema, which
// loads native_functions.yaml under the rules of each release, gives this
// model under the same names, and package sweep parses its table of
// schema lines with this package alone, so that a runtime's sweep test
// does not link the loader and the embedded PyTorch files.
package funcschema
