// Package reduce folds a tensor's elements for package lib; its cache of
// shapes is a nil map it writes for a 0-dim tensor (one of lib's two
// planted bugs).
package reduce

import "fmt"

// seen would count the shapes folded; it is never made.
var seen map[string]int

// Fold folds data, of the given shape, from init with f.
func Fold(shape []int, data []float64, init float64, f func(a, b float64) float64) float64 {
	if len(shape) == 0 {
		seen[fmt.Sprint(shape)]++ // a 0-dim tensor's path: the map was never made
	}
	for _, v := range data {
		init = f(init, v)
	}
	return init
}
