package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/internal/gosrc"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
)

// TestWrapperForm: every wrapper gen writes, in function mode, starts as
// gosrc.UncheckedCall reads, so that the sweep's reproducers find the kernel's plain
// call in it: one per wrapped op, calling the op's kernel.
func TestWrapperForm(t *testing.T) {
	for _, profile := range []plan.Profile{plan.Strict, plan.PyTorch} {
		res, err := Generate(smallPlan(t, profile), Options{
			Mode: output.FunctionMode, Package: "checked", Types: smallTypes(t), Kernels: smallKernels(t), Sweep: true,
			ShapesPackage: "github.com/assertgen/assertgen/gen/testdata/small/out/" + ShapesDir,
		})
		if err != nil {
			t.Fatal(err)
		}
		calls := map[string]string{} // wrapper: the kernel it calls unchecked
		for _, f := range res.Files {
			if !strings.HasSuffix(f.Name, ".go") {
				continue
			}
			fset := token.NewFileSet()
			af, err := parser.ParseFile(fset, f.Name, f.Data, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range af.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv != nil || !ast.IsExported(fd.Name.Name) {
					continue
				}
				call, err := gosrc.UncheckedCall(fd)
				if err != nil {
					continue
				}
				fun := call.Fun
				if ix, ok := fun.(*ast.IndexExpr); ok {
					fun = ix.X
				}
				sel, ok := fun.(*ast.SelectorExpr)
				if !ok {
					t.Errorf("%s: %s calls %T unchecked, want a kernel of the kernels package", f.Name, fd.Name.Name, call.Fun)
					continue
				}
				calls[fd.Name.Name] = sel.Sel.Name
			}
		}
		if len(calls) != len(res.Wrapped) || len(calls) == 0 {
			t.Errorf("%s: %d wrappers read by gosrc.UncheckedCall, %d ops wrapped", profile, len(calls), len(res.Wrapped))
		}
		for w, k := range calls {
			if w != k {
				t.Errorf("%s: wrapper %s calls kernel %s unchecked, want its own kernel", profile, w, k)
			}
		}
	}
}
