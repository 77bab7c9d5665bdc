//go:build unix

package solve

import (
	"os"
	"syscall"
)

// mapFile maps the file read-only: the pages are read as lookups touch
// them and shared by every process that maps the same file.
func mapFile(f *os.File, size int64) ([]byte, func() error, error) {
	if size == 0 {
		return nil, nil, nil
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return b, func() error { return syscall.Munmap(b) }, nil
}
