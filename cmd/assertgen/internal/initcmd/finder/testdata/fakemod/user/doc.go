// Package user is the user's package of package finder's tests.
package user
