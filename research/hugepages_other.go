//go:build !linux

package research

// adviseHuge is advice about pages that only Linux takes (hugepages_linux.go).
func adviseHuge[T any](s []T) {}
