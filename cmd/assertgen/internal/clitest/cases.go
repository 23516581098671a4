package clitest

import (
	"strings"
	"testing"
)

// A Case is one command line run in a directory prepared with files, with
// the exact exit code and the exact lines its stderr and stdout must
// contain. $DIR in Args, Err and Out stands for the directory.
type Case struct {
	Name  string
	Files map[string]string // relative path -> contents
	Args  []string
	Code  int
	Err   []string // lines of stderr, exactly
	Out   []string // lines of stdout, exactly
	Check func(t *testing.T, dir string)
}

// RunCases runs each case as a subtest in a temporary directory of its
// own, in parallel with the others (the cases wait on the command).
func RunCases(t *testing.T, cases []Case) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			WriteFiles(t, dir, tc.Files)
			args := make([]string, len(tc.Args))
			for i, a := range tc.Args {
				args[i] = strings.ReplaceAll(a, "$DIR", dir)
			}
			stdout, stderr, code := Run(t, dir, args...)
			if code != tc.Code {
				t.Errorf("assertgen %s: exit %d, want %d\n%s%s", strings.Join(tc.Args, " "), code, tc.Code, stdout, stderr)
			}
			lines := func(s string) map[string]bool {
				m := map[string]bool{}
				for _, l := range strings.Split(s, "\n") {
					m[l] = true
				}
				return m
			}
			errLines, outLines := lines(stderr), lines(stdout)
			for _, want := range tc.Err {
				want = strings.ReplaceAll(want, "$DIR", dir)
				if !errLines[want] {
					t.Errorf("assertgen %s: stderr lacks the line\n%s\nstderr:\n%s", strings.Join(tc.Args, " "), want, stderr)
				}
			}
			for _, want := range tc.Out {
				want = strings.ReplaceAll(want, "$DIR", dir)
				if !outLines[want] {
					t.Errorf("assertgen %s: stdout lacks the line\n%s\nstdout:\n%s", strings.Join(tc.Args, " "), want, stdout)
				}
			}
			if tc.Check != nil {
				tc.Check(t, dir)
			}
		})
	}
}
