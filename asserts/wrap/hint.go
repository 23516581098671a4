package wrap

// hint tells the op author what to fix (the check's row of [checkFacts]).
func hint(v *violation) string {
	if v.Released {
		return "a kernel must not release or reset its caller's handles: the caller still owns every argument"
	}
	if v.Recycled {
		return "a kernel that resizes a tensor may give its old memory back only once the tensor points at new memory; give the tensor its new buffer first, or keep the old one"
	}
	if int(v.Check) >= len(checkFacts) {
		return ""
	}
	h := checkFacts[v.Check].hint(&v.Violation)
	if op := v.takenBack; op != "" && op != v.OpName() {
		h = "the memory went back to the runtime's pool during " + op + " and out again (provenance): if a tensor still used it then, " + op + " has the bug and this call is its victim; otherwise, " + h
	}
	return h
}
