package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/output"
	"github.com/assertgen/assertgen/plan"
	"github.com/assertgen/assertgen/schema"
)

// TestBuildCheckNames builds wrappers that name every check's asserts
// constant (checks.Check.GoName) and run under every runtime policy:
// plans of the small schema (the newest release for a runtime without use
// counts, and 2.6.0) with every row marked NeverFires (skipped by its
// constant) in one package and every row skipped by the plan in another.
// The table's method names are checked by internal/checktable's TestCheckFacts.
func TestBuildCheckNames(t *testing.T) {
	t.Parallel() // the long tests of the package side by side
	if testing.Short() {
		t.Skip("builds Go code")
	}
	dir := tempModule(t)
	var pkgs []*plan.Plan
	named := map[checks.Check]bool{}
	for _, o := range []struct {
		version string
		opts    plan.Options
	}{{"", plan.Options{Profile: plan.Strict, Identity: plan.OwnIDs}}, {"2.6.0", plan.Options{Profile: plan.Strict}}} {
		s, err := schema.Load(filepath.Join(smallDir, "native_functions.yaml"), "", schema.Options{Version: o.version})
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.BuildWith(s, o.opts)
		if err != nil {
			t.Fatal(err)
		}
		never, skipped := *p, *p
		never.Ops, skipped.Ops = nil, nil
		for _, op := range p.Ops {
			n, sk := *op, *op
			n.Checks, sk.Checks = nil, nil
			for _, c := range op.Checks {
				named[c.Name] = true
				c.NeverFires = true
				n.Checks = append(n.Checks, c)
				c.NeverFires = false
				sk.Skipped = append(sk.Skipped, plan.Skip{Check: c, Reason: "test", Source: "test"})
			}
			never.Ops, skipped.Ops = append(never.Ops, &n), append(skipped.Ops, &sk)
		}
		pkgs = append(pkgs, &never, &skipped)
	}
	for k := range checks.Check(checks.NumPlanChecks) {
		if !named[k] {
			t.Errorf("no %s row in the small schema's plans", k)
		}
	}
	policies := []checks.Policy{checks.Strict, checks.PyTorch, checks.PyTorch113}
	for i, p := range pkgs {
		p.Policy = policies[i%len(policies)]
		name := fmt.Sprintf("p%d", i)
		res, err := Generate(p, Options{Mode: output.InterfaceMode, Package: name})
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(dir, name), 0o755)
		for _, f := range res.Files {
			if err := os.WriteFile(filepath.Join(dir, name, f.Name), f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	goBuild(t, dir, "./...")
}

// TestBadPlanRows checks that gen prints no plan that plan.Validate
// rejects (every case is in plan's TestValidate): it returns that error,
// at the op's place in its schema, and writes nothing.
func TestBadPlanRows(t *testing.T) {
	zero := 0
	p := smallPlan(t, plan.Strict)
	op := *p.Ops[0]
	op.Checks = []plan.Check{{Name: checks.SameContent, Arg: "self", Ret: &zero}}
	p.Ops = []*plan.Op{&op}
	want := p.Validate()
	res, err := Generate(p, Options{Mode: output.InterfaceMode, Package: "small"})
	if want == nil || err == nil || err.Error() != want.Error() || res != nil || !strings.Contains(err.Error(), op.Src.Pos.String()+": "+op.Name+": same_content on argument self and return 0") {
		t.Errorf("got %v, %v; want plan.Validate's error %v", res, err, want)
	}
}
