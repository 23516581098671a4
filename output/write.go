// Package output writes the files gen made into a directory, all or
// nothing, and tells which files there are stale, obsolete, interrupted or
// foreign.
package output

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
)

// Writing a set of files is a small transaction with a journal. The
// directory then holds either the complete old set or the complete new
// set:
//
//  1. stage: every new file is written, and synced, into a staging
//     directory inside dir (.assertgen-staging[-PREFIX]). Go tools ignore
//     it because its name starts with a dot.
//  2. commit: a journal is written to the staging directory. It names the
//     files to move in and the obsolete files to remove. It is renamed
//     into place (journal.tmp -> journal, atomic). This rename is the
//     commit point.
//  3. apply: each staged file is renamed over its target, the obsolete
//     files are removed, and the staging directory is removed.
//
// An error or a cancelled context before the commit point removes the
// staging directory: the old set stays. After it, the apply step runs to
// its end whatever the context says; it is a few renames.
//
// A process killed without a chance to clean up (SIGKILL, power loss)
// leaves the staging directory behind. The next Write into dir finds it
// before doing its own work. It applies a committed journal, so the new
// set of the interrupted run wins, as it would have. It removes an
// uncommitted one. Stale reports a leftover staging directory, so `gen
// -check` notices.

const (
	stagingName = ".assertgen-staging"
	journalName = "journal"
)

// stagingDir returns the staging directory of prefix in dir.
func stagingDir(dir, prefix string) string {
	if prefix == "" {
		return filepath.Join(dir, stagingName)
	}
	return filepath.Join(dir, stagingName+"-"+prefix)
}

// Write writes files into dir as one transaction. In the same transaction
// it removes the files a previous run with this prefix generated that
// files does not contain (see Obsolete; prefix "" removes none). Either all
// of it happens or none does: on an error, or when ctx is done before the
// commit point, the directory keeps its previous files. No temporary file
// is left.
//
// These are errors:
//   - a read-only file that would be replaced or removed;
//   - a file name that is neither a plain name nor one under ShapesDir (the
//     shape helpers' own package, written in the same transaction);
//   - a file in dir that is not a regular file.
//
// Writes into one directory are serialised. While another Write holds dir,
// Write returns a [*LockedError] and changes nothing.
func Write(ctx context.Context, dir, prefix string, files []File) error {
	return transact(ctx, dir, stagingDir(dir, prefix), files, validName, func() (string, []string, error) {
		var obsolete []string
		if prefix != "" {
			var err error
			if obsolete, err = Obsolete(dir, prefix, files); err != nil {
				return "", nil, err
			}
		}
		return "write", obsolete, checkWritable(dir, files, obsolete)
	})
}

// newStagingName is WriteNew's staging directory in dir. It is apart from
// Write's, so that neither takes the other's leftovers for its own, and
// gen -check, which reports Write's, does not report it.
const newStagingName = ".assertgen-new"

// WriteNew writes files into dir as new files, in one transaction as Write
// does. It writes all of them or, on an error or when ctx is done before
// the commit point, none, and leaves no temporary file. If one of them
// exists, it writes none and returns an [*ExistsError]. It never replaces a
// file: each is linked into place, and a link does not replace. A process
// killed in the middle leaves a hidden staging directory. The next
// WriteNew into dir completes it (committed) or removes it (not
// committed). It takes dir's lock as Write does.
func WriteNew(ctx context.Context, dir string, files []File) error {
	return transact(ctx, dir, filepath.Join(dir, newStagingName), files, validNewName, func() (string, []string, error) {
		var exist []string
		for _, f := range files {
			p := filepath.Join(dir, filepath.FromSlash(f.Name))
			if _, err := os.Lstat(p); err == nil {
				exist = append(exist, p)
			} else if !errors.Is(err, fs.ErrNotExist) {
				return "", nil, err
			}
		}
		if len(exist) > 0 {
			return "", nil, &ExistsError{Paths: exist}
		}
		return "new", nil, nil
	})
}

// RecoverNew completes or removes what a WriteNew killed in the middle
// left in dir, as the next WriteNew would. A committed set is moved in, an
// uncommitted one removed. It does nothing while another process writes
// into dir.
func RecoverNew(dir string) error {
	stage := filepath.Join(dir, newStagingName)
	if _, err := os.Lstat(stage); err != nil {
		return nil
	}
	unlock, err := lockDir(dir)
	if errors.Is(err, ErrLocked) {
		return nil
	}
	if err != nil {
		return err
	}
	defer unlock()
	return recoverStaging(dir, stage)
}

// An ExistsError is WriteNew's error when files it was to write exist:
// it wrote none.
type ExistsError struct{ Paths []string }

func (e *ExistsError) Error() string {
	return strings.Join(e.Paths, ", ") + ": exists already; nothing was written"
}

// transact is the transaction of Write and WriteNew into dir, staged in
// stage. Under dir's lock, it:
//  1. completes or removes what a previous run left in stage;
//  2. asks plan for the journal's verb for files and the files to remove,
//     or an error, which ends it;
//  3. stages, commits and applies.
func transact(ctx context.Context, dir, stage string, files []File, valid func(string) bool, plan func() (verb string, obsolete []string, err error)) error {
	if dir == "" {
		return errors.New("no output directory")
	}
	for _, f := range files {
		if !valid(f.Name) {
			return fmt.Errorf("%q: not a plain file name", f.Name)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	unlock, err := lockDir(dir)
	if errors.Is(err, ErrLocked) {
		return &LockedError{Dir: dir}
	}
	if err != nil {
		return err
	}
	defer unlock()
	if err := recoverStaging(dir, stage); err != nil {
		return err
	}
	verb, obsolete, err := plan()
	if err != nil {
		return err
	}
	if err := os.Mkdir(stage, 0o755); err != nil {
		return err
	}
	if err := stageFiles(ctx, dir, stage, verb, files, obsolete); err != nil {
		os.RemoveAll(stage)
		return err
	}
	// Committed: from here on the new set wins.
	return applyJournal(dir, stage)
}

// validName reports whether name is one Write accepts: a plain file name
// not starting with a dot, or such a name under ShapesDir.
func validName(name string) bool {
	base := path.Base(name)
	if name == "" || base == "" || base[0] == '.' || strings.ContainsAny(base, `/\`) {
		return false
	}
	return name == base || name == ShapesDir+"/"+base
}

// validNewName reports whether name is one WriteNew accepts: a relative
// path (separated by /) of plain names, none empty or starting with a dot.
// init writes a test beside the wrappers it will generate, in checked/.
func validNewName(name string) bool {
	if name == "" || strings.Contains(name, `\`) {
		return false
	}
	for _, part := range strings.Split(name, "/") {
		if part == "" || part[0] == '.' {
			return false
		}
	}
	return true
}

// ErrLocked reports that another process is writing into the directory
// (see [LockedError]).
var ErrLocked = errors.New("another process is writing into the directory")

// A LockedError is Write's error when another Write, in this process or
// another, holds the directory. Write then changes nothing. An advisory
// lock on the directory serialises writes into it (flock, on the systems
// that have it). Write takes it before it looks at the directory's files,
// and releases it when it returns or its process ends.
type LockedError struct{ Dir string }

func (e *LockedError) Error() string {
	return e.Dir + ": another assertgen is writing into this directory; nothing was written"
}

func (e *LockedError) Unwrap() error { return ErrLocked }

// stageFiles writes the files and then the journal into stage. Each file
// is under verb: write (renamed over its target) or new (linked to it).
// The rename of the journal is the commit point.
func stageFiles(ctx context.Context, dir, stage, verb string, files []File, obsolete []string) error {
	for _, f := range files {
		pause()
		if err := ctx.Err(); err != nil {
			return err
		}
		p := filepath.Join(stage, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := writeSynced(p, f.Data); err != nil {
			return err
		}
	}
	var j bytes.Buffer
	for _, f := range files {
		fmt.Fprintf(&j, "%s %s\n", verb, f.Name)
	}
	for _, o := range obsolete {
		rel, err := filepath.Rel(dir, o)
		if err != nil {
			return err
		}
		fmt.Fprintf(&j, "remove %s\n", filepath.ToSlash(rel))
	}
	tmp := filepath.Join(stage, journalName+".tmp")
	if err := writeSynced(tmp, j.Bytes()); err != nil {
		return err
	}
	pause()
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(stage, journalName)); err != nil {
		return err
	}
	return syncDir(stage)
}

// applyJournal carries out the committed journal of stage. Staged files are
// renamed into dir (write) or linked there (new), obsolete files are
// removed, and stage is removed. Every step can be repeated, so an
// interrupted apply can be run again.
func applyJournal(dir, stage string) error {
	data, err := os.ReadFile(filepath.Join(stage, journalName))
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	synced := map[string]bool{dir: true}
	var taken []string
	for sc.Scan() {
		verb, name, ok := strings.Cut(sc.Text(), " ")
		valid := validName(name) || verb == "new" && validNewName(name) // WriteNew's names may be in directories below
		if !ok || !valid || verb != "write" && verb != "new" && verb != "remove" {
			return fmt.Errorf("%s: corrupt journal line %q; remove the directory and run again", stage, sc.Text())
		}
		pause()
		target := filepath.Join(dir, filepath.FromSlash(name))
		if verb == "remove" {
			if err := os.Remove(target); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		synced[filepath.Dir(target)] = true
		staged := filepath.Join(stage, filepath.FromSlash(name))
		if verb == "write" {
			if err := os.Rename(staged, target); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
			continue
		}
		mine, err := linkNew(staged, target)
		if err != nil {
			return err
		}
		if !mine {
			taken = append(taken, target)
		}
	}
	for _, d := range slices.Sorted(maps.Keys(synced)) {
		if err := syncDir(d); err != nil {
			return err
		}
	}
	if len(taken) > 0 {
		// Another program made the file between WriteNew's check, under
		// the lock, and this link: its file stays, the staged one goes.
		os.RemoveAll(stage)
		return fmt.Errorf("%s: made by another program while assertgen wrote it; kept that file and not assertgen's", strings.Join(taken, ", "))
	}
	return os.RemoveAll(stage)
}

// linkNew links the staged file to target, which it never replaces. mine
// reports whether target now has the staged file's content: linked now,
// or by a previous apply of the same journal.
func linkNew(staged, target string) (mine bool, err error) {
	err = os.Link(staged, target)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		// Not there to link: an earlier apply linked it and had begun to
		// remove the staging directory.
		return true, nil
	}
	if !errors.Is(err, fs.ErrExist) {
		return false, err
	}
	data, err := os.ReadFile(staged)
	if err != nil {
		return false, err
	}
	same, err := sameContent(target, data)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, nil // not a regular file: not ours
	}
	return same, nil
}

// recoverStaging finishes or undoes the Write that left stage behind.
func recoverStaging(dir, stage string) error {
	if _, err := os.Lstat(stage); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if _, err := os.Stat(filepath.Join(stage, journalName)); err == nil {
		return applyJournal(dir, stage)
	}
	return os.RemoveAll(stage)
}

// checkWritable refuses to replace or remove a file its owner cannot
// write: a read-only generated file is someone's decision, not staleness.
func checkWritable(dir string, files []File, obsolete []string) error {
	paths := slices.Clone(obsolete)
	for _, f := range files {
		paths = append(paths, filepath.Join(dir, filepath.FromSlash(f.Name)))
	}
	for _, p := range paths {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if !fi.Mode().IsRegular() {
			return notRegular(p, fi.Mode())
		}
		if fi.Mode().Perm()&0o200 == 0 {
			return fmt.Errorf("%s: read-only; make it writable (chmod u+w) or remove it, and run again", p)
		}
	}
	return nil
}

func writeSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir flushes a directory's entries (renames) to disk.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil // directories cannot be synced there; renames are durable
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if errors.Is(err, errors.ErrUnsupported) {
		return nil
	}
	return err
}

// Stale lists the files whose copy in dir is missing or differs. A copy
// that is not a regular file (a symbolic link, a device, ...) is an error.
// No more of a copy is read than the size of the file it is compared
// with.
func Stale(dir string, files []File) ([]string, error) {
	var stale []string
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		same, err := sameContent(p, f.Data)
		if errors.Is(err, fs.ErrNotExist) || err == nil && !same {
			stale = append(stale, p)
			continue
		}
		if err != nil {
			return nil, err
		}
	}
	return stale, nil
}

// sameContent reports whether the regular file at path holds data.
func sameContent(path string, data []byte) (bool, error) {
	f, err := openRegular(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	old, err := io.ReadAll(io.LimitReader(f, int64(len(data))+1))
	return err == nil && bytes.Equal(old, data), err
}

// openRegular opens the file at path for reading if it is a regular file,
// not a symbolic link to one. The files gen reads in its output directory
// are ones it wrote, or the user's Go files. Anything else is an error
// that says what to do: a link to /dev/zero, or a FIFO, which would block
// the open.
func openRegular(path string) (*os.File, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi.Mode())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	// The file may have been replaced between Lstat and Open.
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = notRegular(path, fi.Mode())
		}
		return nil, err
	}
	return f, nil
}

// notRegular is the error about a path in the output directory that is not
// a regular file.
func notRegular(path string, m fs.FileMode) error {
	what := "not a regular file"
	switch {
	case m&fs.ModeSymlink != 0:
		what = "a symbolic link"
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	}
	return fmt.Errorf("%s: %s, not a regular file; gen reads and writes only regular files in the output directory: remove it and run again", path, what)
}

// Interrupted lists the staging directories of interrupted Writes in dir.
// The next Write completes or removes them. While a Write holds dir, its
// staging directory is work in progress, not an interrupted one, and none
// is listed.
func Interrupted(dir string) ([]string, error) {
	m, err := filepath.Glob(filepath.Join(dir, stagingName+"*"))
	if err != nil || len(m) == 0 {
		return nil, err
	}
	unlock, err := lockDir(dir)
	if errors.Is(err, ErrLocked) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	unlock()
	sort.Strings(m)
	return m, nil
}

// Obsolete lists files in dir that a previous run with this prefix
// generated and that files does not contain, such as a part file when
// fewer parts are needed. A file is of prefix P's set only if both of
// these prove it:
//   - its name is one gen gives with P: P_K.go or P_K_N.go. K is a file
//     kind gen writes (checked, direct, kernels, adapter, shapes, sweep or
//     bound), and N a part number from 2.
//   - it starts with the generated-code header.
//
// The names are unambiguous across prefixes, since no kind has an
// underscore: prefix ops never claims ops_extra_checked.go, which prefix
// ops_extra wrote.
//
// The shape helpers' own package (ShapesDir) is looked at the same way. So
// a run that moves them into the wrappers' package, or out of it, leaves
// no copy of them behind.
func Obsolete(dir, prefix string, files []File) ([]string, error) {
	keep := map[string]bool{}
	for _, f := range files {
		keep[f.Name] = true
	}
	var out []string
	for _, sub := range []string{"", ShapesDir} {
		o, err := obsoleteIn(dir, sub, prefix, keep)
		if err != nil {
			return nil, err
		}
		out = append(out, o...)
	}
	return out, nil
}

// obsoleteIn is Obsolete for the files of dir/sub.
func obsoleteIn(dir, sub, prefix string, keep map[string]bool) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(sub)))
	if err != nil && !errors.Is(err, fs.ErrNotExist) { // a missing dir has no entries
		return nil, err
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if sub != "" {
			n = sub + "/" + n
		}
		if keep[n] || !OwnsName(prefix, e.Name()) {
			continue
		}
		if !e.Type().IsRegular() {
			return nil, notRegular(filepath.Join(dir, filepath.FromSlash(n)), e.Type())
		}
		m := filepath.Join(dir, filepath.FromSlash(n))
		gen, err := isGenerated(m)
		if err != nil {
			return nil, err
		}
		if gen {
			out = append(out, m)
		}
	}
	return out, nil
}

// isGenerated reports whether the file at path starts with assertgen's
// generated-code header line.
func isGenerated(path string) (bool, error) {
	f, err := openRegular(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	header := "// " + Header + "\n"
	buf := make([]byte, len(header))
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return false, err
	}
	return string(buf[:n]) == header, nil
}

// Foreign lists the Go files of dir that would not belong to the package
// pkg that assertgen generates there. That is every Go file without
// assertgen's header, except:
//   - tests (*_test.go);
//   - package documentation files: a package clause naming pkg, comments
//     and directives such as go:generate, and no imports or declarations.
//
// The generated files make a package of their own. Any other file would
// put a second package in the directory, or declarations the generated
// code does not expect. A missing dir has none.
func Foreign(dir, pkg string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) { // a missing dir has no entries
		return nil, err
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		// The go command ignores files starting with . or _.
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || e.IsDir() ||
			strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
			continue
		}
		p := filepath.Join(dir, n)
		if !e.Type().IsRegular() {
			return nil, notRegular(p, e.Type())
		}
		gen, err := isGenerated(p)
		if err != nil {
			return nil, err
		}
		if !gen && !isPackageDoc(p, pkg) {
			out = append(out, p)
		}
	}
	return out, nil
}

// isPackageDoc reports whether the Go file at path is only a package
// clause naming pkg, with comments.
// A file larger than maxDocSize is not read: it is no doc file.
func isPackageDoc(path, pkg string) bool {
	f, err := openRegular(path)
	if err != nil {
		return false
	}
	src, err := io.ReadAll(io.LimitReader(f, maxDocSize+1))
	f.Close()
	if err != nil || len(src) > maxDocSize {
		return false
	}
	file, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ParseComments|parser.SkipObjectResolution)
	return err == nil && file.Name.Name == pkg && len(file.Decls) == 0
}

// maxDocSize bounds what Foreign reads of a Go file that is not generated,
// to see whether it is a package doc file: 1 MiB, some hundred times a
// long doc.go.
const maxDocSize = 1 << 20
