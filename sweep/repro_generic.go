package sweep

import (
	"fmt"
	"go/ast"
	"reflect"
	"strings"
)

// instantiate returns the type each type parameter of a generic wrapper
// (decl) stands for in its instantiation ft, as Go source (recording the
// packages it names in imports): read off the parameters' and results'
// types, where the parameter appears (`alpha T`: T is ft's type there;
// `*kernels.Tensor[T]`: T is the type argument of ft's Tensor). A
// non-generic wrapper gives nil; a type parameter no parameter or result
// shows is an error (the reproducer could not write the call).
func instantiate(decl *ast.FuncDecl, ft reflect.Type, imports map[string]string) (map[string]string, error) {
	tps := decl.Type.TypeParams
	if tps == nil || len(tps.List) == 0 {
		return nil, nil
	}
	params := map[string]bool{}
	for _, f := range tps.List {
		for _, n := range f.Names {
			params[n.Name] = true
		}
	}
	got := map[string]string{}
	unify := func(fl *ast.FieldList, n int, at func(int) reflect.Type) {
		if fl == nil {
			return
		}
		i := 0
		for _, f := range fl.List {
			k := max(len(f.Names), 1)
			for range k {
				if i < n {
					unifyType(f.Type, at(i), params, got, imports)
				}
				i++
			}
		}
	}
	unify(decl.Type.Params, ft.NumIn(), ft.In)
	unify(decl.Type.Results, ft.NumOut(), ft.Out)
	for _, f := range tps.List {
		for _, n := range f.Names {
			if got[n.Name] == "" {
				return nil, fmt.Errorf("no parameter's type shows what the wrapper's type parameter %s is", n.Name)
			}
		}
	}
	return got, nil
}

// unifyType records in got the type parameters e (a type expression of the
// wrapper's source) names, as the types t has in their places.
func unifyType(e ast.Expr, t reflect.Type, params map[string]bool, got, imports map[string]string) {
	switch x := e.(type) {
	case *ast.Ident:
		if params[x.Name] && got[x.Name] == "" {
			got[x.Name] = goType(t, imports)
		}
	case *ast.ParenExpr:
		unifyType(x.X, t, params, got, imports)
	case *ast.StarExpr:
		if t.Kind() == reflect.Pointer {
			unifyType(x.X, t.Elem(), params, got, imports)
		}
	case *ast.ArrayType:
		if (x.Len == nil && t.Kind() == reflect.Slice) || (x.Len != nil && t.Kind() == reflect.Array) {
			unifyType(x.Elt, t.Elem(), params, got, imports)
		}
	case *ast.MapType:
		if t.Kind() == reflect.Map {
			unifyType(x.Key, t.Key(), params, got, imports)
			unifyType(x.Value, t.Elem(), params, got, imports)
		}
	case *ast.Ellipsis:
		if t.Kind() == reflect.Slice {
			unifyType(x.Elt, t.Elem(), params, got, imports)
		}
	case *ast.IndexExpr:
		unifyArgs([]ast.Expr{x.Index}, t, params, got)
	case *ast.IndexListExpr:
		unifyArgs(x.Indices, t, params, got)
	}
}

// unifyArgs records the type parameters written as the type arguments of
// a generic named type (`Tensor[T]`), as the type arguments of t's name
// ("Tensor[float32]"). Only type arguments that are predeclared types
// are read this way: reflect gives the others by their import paths, not
// as Go source; a wrapper with such a type argument has it elsewhere, or
// gets no reproducer.
func unifyArgs(idx []ast.Expr, t reflect.Type, params map[string]bool, got map[string]string) {
	_, args, ok := strings.Cut(t.Name(), "[")
	if !ok || !strings.HasSuffix(args, "]") {
		return
	}
	as := strings.Split(strings.TrimSuffix(args, "]"), ",")
	if len(as) != len(idx) {
		return
	}
	for i, e := range idx {
		id, ok := e.(*ast.Ident)
		a := strings.TrimSpace(as[i])
		if ok && params[id.Name] && got[id.Name] == "" && predeclared[a] {
			got[id.Name] = a
		}
	}
}

// predeclared are Go's predeclared types a type argument can be.
var predeclared = map[string]bool{
	"bool": true, "string": true, "int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uintptr": true,
	"float32": true, "float64": true, "complex64": true, "complex128": true, "byte": true, "rune": true,
}
