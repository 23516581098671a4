package sweep

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// check writes the call of the reproducer with the template of its
// finding's check or crash kind, and sets its title.
func (f *reproFile) check(nout int) error {
	c := f.c
	on := f.on
	if c.Crash != nil {
		return f.crash(nout, on)
	}
	at, err := f.place(c.Where)
	if err != nil {
		return err
	}
	other := ""
	needOther := !slices.Contains([]string{"same_content", "same_metadata", "same_storage", "fresh_not_held", "same_impl", "no_mutation"}, c.Check)
	if needOther && c.Other != "" {
		if other, err = f.place(c.Other); err != nil {
			return err
		}
	}
	if needOther && other == "" {
		return fmt.Errorf("no reproducer for %s without the tensor it compares %s with", c.Check, c.Where)
	}
	call := f.results("r", nout)
	if c.again && c.Check != "fresh_not_held" {
		// shown on a second call, the first's results held (a first
		// call that breaks its input: the second's finding is its echo)
		call = f.results("first", nout) + "\n\t" + call
		on = " when called twice" + on
	}
	w := &f.body
	op, what := f.who, f.placeName(c.Where)
	f.expect = checkExpect[c.Check]
	q := strconv.Quote
	switch c.Check {
	case "returns_arg":
		f.title = fmt.Sprintf("%s returns a new tensor, not its argument %s%s", op, f.placeName(c.Other), on)
		fmt.Fprintf(w, "\t%s\n\tif %s != %s {\n\t\tt.Error(%s)\n\t}\n", call, at, other, q(f.title))
	case "same_content":
		f.title = fmt.Sprintf("%s changes its input %s%s", op, what, on)
		f.imports["fmt"] = "fmt"
		fmt.Fprintf(w, "\tbefore := tensorValues(%s)\n\t%s\n\tif after := tensorValues(%s); fmt.Sprint(before) != fmt.Sprint(after) {\n\t\tt.Errorf(%s, before, after)\n\t}\n",
			at, call, at, q(f.title+": %v became %v"))
	case "same_metadata":
		f.title = fmt.Sprintf("%s changes its input %s's shape%s", op, what, on)
		f.imports["slices"] = "slices"
		fmt.Fprintf(w, "\tbefore := tensorSizes(%s)\n\t%s\n\tif after := tensorSizes(%s); !slices.Equal(before, after) {\n\t\tt.Errorf(%s, before, after)\n\t}\n",
			at, call, at, q(f.title+" from %v to %v"))
	case "same_storage":
		f.title = fmt.Sprintf("%s gives its argument %s new memory instead of writing the memory it had%s", op, what, on)
		fmt.Fprintf(w, "\tbefore := tensorAddr(%s)\n\t%s\n\tif after := tensorAddr(%s); after != before {\n\t\tt.Errorf(%s, before, after)\n\t}\n",
			at, call, at, q(f.title+": its elements were at %#x, now at %#x"))
	case "shares_storage":
		f.title = fmt.Sprintf("%s returns a copy, not a view of %s: writing %s does not change the result%s", op, f.placeName(c.Other), f.placeName(c.Other), on)
		f.writeThrough(call, other, at, false)
	case "fresh_no_alias", "impl_use_count_eq_fresh", "impl_use_count_le_1", "storage_use_count_eq_1":
		o := f.placeName(c.Other)
		f.title = fmt.Sprintf("%s returns its input %s as its result: writing the result changes %s%s", op, o, o, on)
		f.writeThrough(call, at, other, true)
	case "distinct_outputs":
		f.title = fmt.Sprintf("%s's %s and %s share memory: writing one changes the other%s", op, c.Where, c.Other, on)
		f.writeThrough(call, at, other, true)
	case "fresh_not_held":
		f.title = fmt.Sprintf("%s hands out the memory of an earlier result again: writing a second call's %s changes the first's%s", op, c.Where, on)
		again := "again" + strings.TrimPrefix(at, "r")
		f.writeThrough(call+"\n\t"+f.results("again", nout), again, at, true)
	default:
		f.held(call, at, other, on)
	}
	return nil
}

// held writes the templates of the checks that compare a tensor's
// identity, its version, or the holds on it: same_impl (tensorImpl before
// and after: the argument's handle points at another tensor), no_mutation
// (the library's version counter, tensorVersion), and fresh_or_alias and
// view_holds_storage, whose bug (a result that takes no hold of its own on
// the argument's tensor or memory) shows when the caller releases both
// (tensorRelease, as the runtime's Release does): the library's count
// drops below zero.
func (f *reproFile) held(call, at, other, on string) {
	c, w, q := f.c, &f.body, strconv.Quote
	what, o := f.placeName(c.Where), f.placeName(c.Other)
	switch c.Check {
	case "same_impl":
		f.title = fmt.Sprintf("%s replaces its argument %s with another tensor%s", f.who, what, on)
		id, verb := "tensorImpl("+at+")", "%#x"
		if f.byPointer {
			id, verb = at, "%p"
		}
		fmt.Fprintf(w, "\tbefore := %s\n\t%s\n\tif after := %s; after != before {\n\t\tt.Errorf(%s, before, after)\n\t}\n",
			id, call, id, q(f.title+": it was tensor "+verb+", it is now "+verb))
	case "no_mutation":
		f.title = fmt.Sprintf("%s writes its input %s%s", f.who, what, on)
		fmt.Fprintf(w, "\tbefore := tensorVersion(%s)\n\t%s\n\tif after := tensorVersion(%s); after != before {\n\t\tt.Errorf(%s, before, after)\n\t}\n",
			at, call, at, q(f.title+": its version went from %v to %v"))
	case "fresh_or_alias":
		f.title = fmt.Sprintf("%s returns its argument %s as its result without a hold of its own: releasing both releases %s twice%s", f.who, o, o, on)
		f.releaseAfter(call, at+", "+other)
	case "view_holds_storage":
		f.title = fmt.Sprintf("%s's view of %s takes no hold on %s's memory: releasing both releases it more times than it was held%s", f.who, o, o, on)
		f.releaseAfter(call, at+", "+other)
	}
}

// releaseAfter writes the call, then the release of the tensors named
// (tensorRelease), failing with the title when the library panics.
func (f *reproFile) releaseAfter(call, tensors string) {
	f.imports["runtime/debug"] = "debug"
	fmt.Fprintf(&f.body, "\t%s\n\tdefer func() {\n\t\tif p := recover(); p != nil {\n\t\t\tt.Fatalf(%s, p, debug.Stack())\n\t\t}\n\t}()\n\ttensorRelease(%s)\n",
		call, strconv.Quote(f.title+": %v\n%s"), tensors)
}

// writeThrough writes the test that from and to share memory (want) or
// not: to read after from is filled with 0, then with 1. Two fills, not
// one of a value none holds: a bool tensor has no such value once it
// holds both, and any element type tells 0 from 1.
func (f *reproFile) writeThrough(call, from, to string, want bool) {
	f.imports["fmt"] = "fmt"
	cond := "=="
	if want {
		cond = "!="
	}
	fmt.Fprintf(&f.body, "\t%s\n\ttensorFill(%s, 0)\n\tzeros := tensorValues(%s)\n\ttensorFill(%s, 1)\n\tif ones := tensorValues(%s); fmt.Sprint(zeros) %s fmt.Sprint(ones) {\n\t\tt.Error(%s)\n\t}\n",
		call, from, to, from, to, cond, strconv.Quote(f.title))
}

// crash writes the call of a crash's reproducer: a panic recovered and
// failed with, a hang under a deadline, a death of the process as it is.
// Its results are dropped.
func (f *reproFile) crash(nout int, on string) error {
	c, w := f.c, &f.body
	call := f.results("_", nout)
	q := strconv.Quote
	f.expect = crashExpect[c.Crash.Kind]
	switch c.Crash.Kind {
	case crashPanic:
		f.title = fmt.Sprintf("%s%s panics: %s", f.who, on, c.Crash.Text)
		f.imports["runtime/debug"] = "debug"
		fmt.Fprintf(w, "\tdefer func() {\n\t\tif p := recover(); p != nil {\n\t\t\tt.Fatalf(%s, p, debug.Stack())\n\t\t}\n\t}()\n\t%s\n",
			q(fmt.Sprintf("%s%s panics: %%v\nwant %s\n%%s", f.who, on, f.expect)), call)
	case crashRelease:
		var rs []string
		for i := range nout {
			rs = append(rs, "r"+strconv.Itoa(i))
		}
		f.title = fmt.Sprintf("%s's results cannot be released%s: %s", f.who, on, strings.TrimPrefix(c.Crash.Text, "in Release: "))
		f.imports["runtime/debug"] = "debug"
		fmt.Fprintf(w, "\t%s\n\tdefer func() {\n\t\tif p := recover(); p != nil {\n\t\t\tt.Fatalf(%s, p, debug.Stack())\n\t\t}\n\t}()\n\ttensorRelease(%s)\n",
			f.results("r", nout), q(fmt.Sprintf("%s's results cannot be released%s: %%v\nwant %s\n%%s", f.who, on, f.expect)), strings.Join(rs, ", "))
	case crashHang:
		limit := c.Limit
		if limit <= 0 {
			limit = time.Minute
		}
		f.title = fmt.Sprintf("%s does not return%s (within %v)", f.who, on, limit)
		f.imports["time"] = "time"
		fmt.Fprintf(w, "\tdone := make(chan struct{})\n\tgo func() {\n\t\tdefer close(done)\n\t\t%s\n\t}()\n\tselect {\n\tcase <-done:\n\tcase <-time.After(%d * time.Millisecond):\n\t\tt.Fatal(%s)\n\t}\n",
			strings.ReplaceAll(call, "\n\t", "\n\t\t"), limit.Milliseconds(), q(f.title+"; want "+f.expect))
	default:
		f.title = fmt.Sprintf("%s crashes the process%s (%s: %s)", f.who, on, c.Crash.Kind, c.Crash.Text)
		if st, msg, ok := exitOf(c.Crash); ok {
			f.title = fmt.Sprintf("%s exits the process with status %d%s", f.who, st, on)
			if msg != "" {
				f.title += ": " + msg
			}
		}
		fmt.Fprintf(w, "\t%s\n", call)
	}
	return nil
}

// crashExpect says what a call that crashed so should have done.
var crashExpect = map[string]string{
	crashPanic:     "an error or a result, not a panic",
	crashGoroutine: "an error or a result, not a panic on another goroutine",
	crashFatal:     "an error or a result, not a fatal error of the runtime",
	crashSignal:    "an error or a result, not a signal",
	crashExit:      "an error or a result, not an exit of the process",
	crashHang:      "a return, with an error or a result",
	crashRelease:   "results the caller can release",
}

// checkExpect says what a call whose check broke should have done.
var checkExpect = map[string]string{
	"returns_arg":             "its argument itself as its result",
	"same_content":            "the input's values unchanged",
	"same_metadata":           "the input's shape unchanged",
	"same_storage":            "the argument's elements written where they were",
	"shares_storage":          "a view, which writing its base changes",
	"fresh_no_alias":          "a new tensor, sharing no memory with its inputs",
	"impl_use_count_eq_fresh": "a new tensor, not its input",
	"impl_use_count_le_1":     "a new tensor, not its input",
	"storage_use_count_eq_1":  "a new tensor, sharing no memory with its inputs",
	"distinct_outputs":        "results that share no memory",
	"fresh_not_held":          "new memory for each call's result",
	"same_impl":               "the argument's own tensor, changed in place",
	"no_mutation":             "the input unwritten",
	"fresh_or_alias":          "a result that holds what it shares",
	"view_holds_storage":      "a view that holds its base's memory",
}

// placeName is a violation's place as the test names it: an argument's
// variable ("argument self[1]": "self[1]", or the library's name), a
// result ("return 0").
func (f *reproFile) placeName(w string) string {
	a, ok := strings.CutPrefix(w, "argument ")
	if !ok {
		return w
	}
	name, idx, _ := strings.Cut(a, "[")
	if v := f.vars[name]; v != "" {
		name = v
	}
	if idx != "" {
		return name + "[" + idx
	}
	return name
}

// reproTestName is a reproducer's test's name: the library's function
// (the one called, or the binding's when the bug is its own), what
// happens, and on what (its cause's trigger): TestInnerPanicsOnEmptyTensor.
func reproTestName(b *boundSource, c *reproCase) string {
	fn := b.display
	if fn == "" {
		name, _, _ := strings.Cut(b.Fun, "[")
		fn = strings.ReplaceAll(exported(name[strings.LastIndex(name, ".")+1:]), "_", "")
	}
	verb := checkVerb[c.Check]
	if c.Crash != nil {
		verb = crashVerb[c.Crash.Kind]
	}
	if verb == "" {
		verb = "Fails"
	}
	name := "Test" + fn + verb
	if c.cause != nil && c.cause.Trigger != "" {
		name += "On" + triggerName(c.cause.Trigger)
	}
	return name
}

// crashVerb and checkVerb say what happens, in a test's name.
var (
	crashVerb = map[string]string{crashPanic: "Panics", crashGoroutine: "PanicsInAGoroutine", crashFatal: "CrashesTheRuntime",
		crashSignal: "CrashesWithASignal", crashExit: "ExitsTheProcess", crashHang: "DoesNotReturn", crashRelease: "ResultsCannotBeReleased"}
	checkVerb = map[string]string{"returns_arg": "ReturnsANewTensor", "same_content": "ChangesItsInput", "same_metadata": "ChangesItsInputShape",
		"same_storage": "MovesItsArgument", "shares_storage": "ReturnsACopyNotAView", "fresh_no_alias": "ReturnsItsInput",
		"impl_use_count_eq_fresh": "ReturnsItsInput", "impl_use_count_le_1": "ReturnsItsInput", "storage_use_count_eq_1": "ReturnsItsInput",
		"distinct_outputs": "ResultsShareMemory", "fresh_not_held": "HandsOutMemoryAgain", "same_impl": "ReplacesItsArgument",
		"no_mutation": "WritesItsInput", "fresh_or_alias": "ReturnsItsArgumentWithoutAHold", "view_holds_storage": "ViewHoldsNothing"}
)

// triggerName is a trigger's text as words of a test's name: "a
// zero-size dim" EmptyTensor, "a 0-dim tensor" ZeroDimTensor, "Go int"
// GoIntTensor; the others their words ("a transposed view":
// TransposedView), joined by And.
func triggerName(trigger string) string {
	var out []string
	for _, part := range strings.FieldsFunc(strings.ReplaceAll(trigger, " and ", ","), func(r rune) bool { return r == ',' }) {
		part = strings.TrimSpace(part)
		switch part {
		case "a zero-size dim":
			out = append(out, "EmptyTensor")
			continue
		case "a 0-dim tensor":
			out = append(out, "ZeroDimTensor")
			continue
		case "Go int":
			out = append(out, "GoIntTensor")
			continue
		}
		var w strings.Builder
		for _, word := range strings.FieldsFunc(part, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if word == "a" || word == "an" || word == "the" {
				continue
			}
			w.WriteString(exported(word))
		}
		out = append(out, w.String())
	}
	return strings.Join(out, "And")
}
