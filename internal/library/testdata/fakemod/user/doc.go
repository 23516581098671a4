// Package user is the user's package of internal/library's tests.
package user
