//go:build linux

package research

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of the kernel's transparent huge pages on amd64
// and arm64 (with 4 KB pages).
const hugePage = 2 << 20

// adviseHuge asks the kernel to back the whole huge pages inside s's
// memory with huge pages when they are first touched (madvise
// MADV_HUGEPAGE, which a kernel whose transparent huge pages are "madvise"
// or "always" heeds): a study keeps a game of 72 bytes for every game,
// written in order once, and one page fault a huge page instead of 512
// is what writing them costs the kernel (a fault costs about 10 µs on a
// virtual machine). It is advice: a kernel that does not take it changes
// nothing.
func adviseHuge[T any](s []T) {
	if len(s) == 0 {
		return
	}
	base := unsafe.Pointer(unsafe.SliceData(s))
	size := uintptr(len(s)) * unsafe.Sizeof(s[0])
	lo := (uintptr(base) + hugePage - 1) &^ (hugePage - 1)
	hi := (uintptr(base) + size) &^ (hugePage - 1)
	if hi <= lo {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(base, lo-uintptr(base))), hi-lo), syscall.MADV_HUGEPAGE)
}
