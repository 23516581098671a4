// Package base is what assertgen's commands share:
//   - the Command each declares;
//   - command lines: flag sets whose errors are one line naming the
//     closest flag, and ConfigFlags, a flag for each key of assertgen.yaml;
//   - the errors that set the exit code: ErrUsage, ErrFindings and
//     UsageError;
//   - the signal guard around writes (Guard). SIGINT or SIGTERM during a
//     write lets it finish or undo itself, so a directory holds its old
//     files or the complete new ones.
//   - the progress line and the collector's tuning.
package base
