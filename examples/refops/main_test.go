package refops_test

// The CI debug-build assert suite. Every test of this package calls the
// kernels through the wrappers of ./checked; built with -tags debugasserts,
// each call is checked and every violation goes to the collector TestMain
// installs. TestMain prints the report (a summary for people, then JSON)
// and fails the run if any violation was collected, or if a skip reason
// that applies to reftensor was never exercised. Built without the tag the
// wrappers are direct calls and the same tests check the numerics alone.
//
//	go test -tags debugasserts -v -count=1 ./examples/refops   # the report is printed
//	REFOPS_REPORT=report.json go test -tags debugasserts ./examples/refops

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/assertgen/assertgen/allowlist"
	"github.com/assertgen/assertgen/asserts"
	"github.com/assertgen/assertgen/asserts/checks"
	"github.com/assertgen/assertgen/config"
	"github.com/assertgen/assertgen/internal/engine"
	"github.com/assertgen/assertgen/schema"
)

// appliedReasons are the skip reasons a run of the whole suite must show:
// every reason of the skip policy that can hold for reftensor's tensors.
// meta and functional_wrapper skip nothing, so they are never counted;
// no_version_counter and no_binding_support cannot hold, since every
// reftensor tensor has a version counter and implements asserts.Bound.
var appliedReasons = []checks.Reason{
	checks.ReasonUndefined,
	checks.ReasonAbsent,
	checks.ReasonModeActive,
	checks.ReasonDirectSubclass,
	checks.ReasonWrapperStub,
	checks.ReasonWrapperPropagating,
	checks.ReasonNoStorage,
	checks.ReasonPlan,
}

func TestMain(m *testing.M) {
	flag.Parse()
	col := asserts.NewCollector()
	prev := asserts.SetHandler(col)
	code := m.Run()
	asserts.SetHandler(prev)

	rep := col.Report()
	var out bytes.Buffer
	fmt.Fprintf(&out, "refops suite (asserts compiled in: %v)\n", asserts.Compiled)
	out.WriteString(col.Summary())
	out.WriteString("report (JSON):\n")
	if err := col.WriteJSON(&out); err != nil {
		fmt.Fprintf(os.Stderr, "refops: writing the report: %v\n", err)
		code = 1
	}
	os.Stdout.Write(out.Bytes())
	if path := os.Getenv("REFOPS_REPORT"); path != "" {
		var js bytes.Buffer
		col.WriteJSON(&js)
		if err := os.WriteFile(path, js.Bytes(), 0o644); err != nil {
			fmt.Fprintf(os.Stderr, "refops: %v\n", err)
			code = 1
		}
	}

	if rep.ViolationCount > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: the correct kernels produced %d violations (listed above)\n", rep.ViolationCount)
		code = 1
	}
	// With a -run filter only part of the suite ran: the reasons it shows
	// are not expected to be complete.
	if asserts.Compiled && asserts.Checking() && code == 0 && flag.Lookup("test.run").Value.String() == "" {
		var missing []string
		for _, r := range appliedReasons {
			if rep.Skipped[r.String()] == 0 {
				missing = append(missing, r.String())
			}
		}
		if len(missing) > 0 {
			fmt.Fprintf(os.Stderr, "FAIL: the suite never exercised the skip reasons %s\n", strings.Join(missing, ", "))
			code = 1
		}
		if missing := uncalledOps(); len(missing) > 0 {
			fmt.Fprintf(os.Stderr, "FAIL: the suite never called the checked wrappers of %s\n", strings.Join(missing, ", "))
			code = 1
		}
	}
	os.Exit(code)
}

// uncalledOps lists the ops of assertgen.yaml whose checked wrapper was
// never called.
func uncalledOps() []string {
	cfg, err := config.Load("assertgen.yaml")
	if err != nil {
		return []string{err.Error()}
	}
	called := map[string]bool{}
	for _, op := range engine.Ops() {
		if op.Stats().Calls > 0 {
			called[op.FullName()] = true
		}
	}
	var missing []string
	for _, name := range cfg.Ops {
		if !called[name] {
			missing = append(missing, name)
		}
	}
	return missing
}

// TestConfigsAgree checks that the function-mode and interface-mode configs
// wrap the same ops with the same types, so that the bug catalog (which uses
// the interface) tests the ops the suite runs.
func TestConfigsAgree(t *testing.T) {
	fn, err := config.Load("assertgen.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ifc, err := config.Load("assertgen_interface.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(fn.Ops, ifc.Ops) {
		t.Errorf("ops differ:\nassertgen.yaml:           %v\nassertgen_interface.yaml: %v", fn.Ops, ifc.Ops)
	}
	if fmt.Sprint(fn.Types) != fmt.Sprint(ifc.Types) || fn.Profile != ifc.Profile {
		t.Errorf("types or profile differ: %v %q and %v %q", fn.Types, fn.Profile, ifc.Types, ifc.Profile)
	}
	if fn.Mode != "function" || ifc.Mode != "interface" {
		t.Errorf("modes %q and %q, want function and interface", fn.Mode, ifc.Mode)
	}
	for _, op := range fn.Ops {
		if strings.ContainsAny(op, "*?[") {
			t.Errorf("op %q is a pattern; list ops by name so that vet requires every kernel", op)
		}
	}
}

// TestExampleAllowlist keeps the allowlist docs/guide.md shows valid: it
// parses, lints clean against PyTorch 1.13.1, and selects clone.
func TestExampleAllowlist(t *testing.T) {
	l, err := allowlist.ParseFile("testdata/allowlist.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s, err := schema.Embedded("1.13")
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Lint(s); err != nil {
		t.Errorf("lint: %v", err)
	}
	if len(l.Entries) != 1 {
		t.Errorf("%d entries, want 1", len(l.Entries))
	}
}
