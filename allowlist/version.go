package allowlist

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A versionBound is one comparison of a versions constraint: ">=2.0".
type versionBound struct {
	op string // one of >=, >, <=, <, ==
	v  []int
}

// parseVersions reads a constraint: comparisons joined by commas, all of
// which must hold (">=1.10, <2.1"); a bare version means "==".
func parseVersions(s string) ([]versionBound, error) {
	var bs []versionBound
	for _, term := range strings.Split(s, ",") {
		term = strings.TrimSpace(term)
		op := "=="
		for _, o := range []string{">=", "<=", "==", ">", "<", "="} {
			if strings.HasPrefix(term, o) {
				op, term = o, strings.TrimSpace(term[len(o):])
				break
			}
		}
		if op == "=" {
			op = "=="
		}
		v, err := parseVersion(term)
		if err != nil {
			return nil, err
		}
		bs = append(bs, versionBound{op, v})
	}
	return bs, nil
}

// parseVersion reads "MAJOR.MINOR" or "MAJOR.MINOR.PATCH".
func parseVersion(s string) ([]int, error) {
	parts := strings.Split(s, ".")
	v := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || len(parts) < 2 || len(parts) > 3 {
			return nil, fmt.Errorf("bad version %q (want MAJOR.MINOR or MAJOR.MINOR.PATCH, e.g. 1.13)", s)
		}
		v[i] = n
	}
	return v, nil
}

// ValidVersion reports whether s is a version a profile can select
// ("1.13", "2.1.2").
func ValidVersion(s string) error {
	_, err := parseVersion(s)
	return err
}

// compareVersions compares a and b on the components both have, so that
// 1.13.1 equals 1.13. A bound names a release series as precisely as it
// wants.
func compareVersions(a, b []int) int {
	n := min(len(a), len(b))
	return slices.Compare(a[:n], b[:n])
}

func versionOK(bs []versionBound, version string) bool {
	if len(bs) == 0 {
		return true
	}
	v, err := parseVersion(version)
	if err != nil {
		return false
	}
	for _, b := range bs {
		c := compareVersions(v, b.v)
		ok := false
		switch b.op {
		case ">=":
			ok = c >= 0
		case ">":
			ok = c > 0
		case "<=":
			ok = c <= 0
		case "<":
			ok = c < 0
		case "==":
			ok = c == 0
		}
		if !ok {
			return false
		}
	}
	return true
}
