package sweep

import (
	"errors"
	"fmt"
	"slices"
)

// The errors of this file are the repair route that does not read message
// text: a kernel (or a runtime's Classify method, see [Runtime]) that says what was wrong
// with its arguments by one of them gets the repair it names, whatever
// words the runtime's own errors use. The message rules stay for
// PyTorch's wording.
//
// Arg names an argument by its schema name ("self", "other", "input");
// an empty Arg means every tensor of the sample. A dtype is named as in
// [Spec.Dtype] ("float32", "int64", "bool").

// A RankError says that argument Arg must have Want dimensions.
type RankError struct {
	Arg  string
	Want int
}

func (e *RankError) Error() string {
	return fmt.Sprintf("%s must have %d dimensions", argName(e.Arg), e.Want)
}

// A ShapeError says that argument Arg must have shape Want; with Want nil,
// that the tensors must have one shape (the first tensor's).
type ShapeError struct {
	Arg  string
	Want []int
}

func (e *ShapeError) Error() string {
	if e.Want == nil {
		return "the tensors must have the same shape"
	}
	return fmt.Sprintf("%s must have shape %v", argName(e.Arg), e.Want)
}

// A DtypeError says that argument Arg must have dtype Want; with Want
// empty, that the kernel does not implement dtype Got (the sample's
// tensors of dtype Got move to another dtype not tried yet).
type DtypeError struct {
	Arg  string
	Want string
	Got  string
}

func (e *DtypeError) Error() string {
	if e.Want == "" {
		return fmt.Sprintf("dtype %s not implemented", e.Got)
	}
	return fmt.Sprintf("%s must have dtype %s", argName(e.Arg), e.Want)
}

// A DimError says that a dim argument (an int or int[] argument named like
// "dim" or "axis") was Got, out of [Lo, Hi]. A Got within the range that
// no dim argument holds says the tensors need Got+1 dimensions.
type DimError struct {
	Lo, Hi, Got int
}

func (e *DimError) Error() string {
	return fmt.Sprintf("dimension %d out of range [%d, %d]", e.Got, e.Lo, e.Hi)
}

// An IndexError says that the integer tensors (indices) hold values out
// of range: the repair makes them zeros, valid for any size.
type IndexError struct {
	Arg string
}

func (e *IndexError) Error() string {
	return fmt.Sprintf("%s holds an index out of range", argName(e.Arg))
}

// A SquareError says that the matrices must be square.
type SquareError struct {
	Arg string
}

func (e *SquareError) Error() string {
	return fmt.Sprintf("%s must be a square matrix", argName(e.Arg))
}

// A classifier is a [Runtime] with the Classify method its doc describes.
type classifier interface {
	Classify(err error) error
}

// classified is a runtime's error with the kind its classifier gave it:
// its text is the runtime's, errors.As finds the kind.
type classified struct {
	err, kind error
}

func (c *classified) Error() string   { return c.err.Error() }
func (c *classified) Unwrap() []error { return []error{c.kind, c.err} }

// classify returns err as rt's classifier sees it: wrapped with the kind
// rt gives it, when rt is a classifier and names one; else err.
func classify(rt Runtime, err error) error {
	c, ok := rt.(classifier)
	if !ok || err == nil {
		return err
	}
	if k := c.Classify(err); k != nil {
		return &classified{err: err, kind: k}
	}
	return err
}

func argName(a string) string {
	if a == "" {
		return "every tensor"
	}
	return "argument " + a
}

// repairKind applies the repair an error of this file names, and returns
// its rule name ("" when its repair changes nothing) and whether err names
// a kind at all.
func (s *Sample) repairKind(err error) (string, bool) {
	r := s.kindRepair(err)
	return r, r != "" || hasKind(err)
}

func hasKind(err error) bool {
	var (
		re *RankError
		se *ShapeError
		de *DtypeError
		me *DimError
		ie *IndexError
		qe *SquareError
	)
	return errors.As(err, &re) || errors.As(err, &se) || errors.As(err, &de) || errors.As(err, &me) || errors.As(err, &ie) || errors.As(err, &qe)
}

func (s *Sample) kindRepair(err error) string {
	var (
		re *RankError
		se *ShapeError
		de *DtypeError
		me *DimError
		ie *IndexError
		qe *SquareError
	)
	switch {
	case errors.As(err, &re):
		if re.Arg == "" {
			return s.fixed("named rank", s.setRank(s.tensors(), re.Want))
		}
		return s.fixed("named rank", rank(s, re.Arg, re.Want))
	case errors.As(err, &se):
		if se.Want == nil {
			return s.fixed("broadcast", sameShape(s))
		}
		return s.fixed("named shape", s.setShape(s.namedOrAll(se.Arg), se.Want))
	case errors.As(err, &de):
		if de.Want == "" {
			return s.fixed("dtype not implemented", slices.Contains(dtypeNames, de.Got) && away(s, de.Got))
		}
		return s.fixed("named dtype", slices.Contains(dtypeNames, de.Want) && s.setDtype(s.namedOrAll(de.Arg), de.Want))
	case errors.As(err, &me):
		return s.fixed("dim in range", dims(s, me.Lo, me.Hi, me.Got))
	case errors.As(err, &ie):
		return s.fixed("valid index", indexZeros(s))
	case errors.As(err, &qe):
		return s.fixed("square matrix", square(s, ""))
	}
	return ""
}

func (s *Sample) fixed(rule string, changed bool) string {
	if !changed {
		return ""
	}
	s.Repairs = append(s.Repairs, rule)
	return rule
}

// namedOrAll returns the tensors of the argument named name, or every
// tensor when name is empty.
func (s *Sample) namedOrAll(name string) []int {
	if name == "" {
		return s.tensors()
	}
	return s.named(name)
}
