//go:build !unix

package solve

import (
	"io"
	"os"
)

// mapFile reads the file into memory where it cannot be mapped.
func mapFile(f *os.File, size int64) ([]byte, func() error, error) {
	b := make([]byte, size)
	if _, err := io.ReadFull(io.NewSectionReader(f, 0, size), b); err != nil {
		return nil, nil, err
	}
	return b, nil, nil
}
