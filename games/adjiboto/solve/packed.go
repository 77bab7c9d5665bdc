package solve

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/bits"
	"strings"
)

// Table holds the best margin of every board with at most K seeds, for
// either player to move, packed as the table file lays it out (file.go),
// in memory or memory-mapped from the file.
//
// All n seeds of a board end in the stores, so the player to move wins m
// of them and her margin is 2m - n: an entry holds m, 0..n, in as few
// bits as that takes (5 bits for 16 to 31 seeds).
type Table struct {
	k      int
	rules  []string // the rule options, as name=value
	binom  [][]int64
	count  []int64 // entries of each level
	width  []uint  // bits of an entry of each level
	start  []int64 // byte offset of each level's entries in data
	hlen   int64   // bytes of the header
	data   []byte  // the file: header, then each level's entries and checksum
	levels int     // levels 0..levels-1 are complete
	close  func() error
}

func newTable(k int, rules []string) *Table {
	t := &Table{k: k, rules: rules, binom: binomials(k + 10)}
	t.hlen = int64(len(t.header()))
	off := t.hlen
	for n := 0; n <= k; n++ {
		t.count = append(t.count, 2*t.binom[n+9][9])
		t.width = append(t.width, uint(bits.Len(uint(n))))
		t.start = append(t.start, off)
		off += t.levelBytes(n) + 4
	}
	return t
}

// levelBytes is the size of level n's entries: one spare byte at the end
// lets every read take two bytes.
func (t *Table) levelBytes(n int) int64 {
	return (t.count[n]*int64(t.width[n])+7)/8 + 1
}

// fileSize is the size of the complete table file.
func (t *Table) fileSize() int64 {
	return t.start[t.k] + t.levelBytes(t.k) + 4
}

// header is the file's header: the magic line, then K and the rules.
func (t *Table) header() string {
	return fmt.Sprintf("%s\nk=%d %s\n", fileMagic, t.k, strings.Join(t.rules, " "))
}

// get returns the margin of entry i of level n.
func (t *Table) get(n int, i int64) int {
	w := t.width[n]
	if w == 0 {
		return 0
	}
	bit := i * int64(w)
	at := t.start[n] + bit>>3
	x := uint(binary.LittleEndian.Uint16(t.data[at:]))
	m := int(x>>(bit&7)) & (1<<w - 1)
	return 2*m - n
}

// set stores margin v as entry i of level n.
func (t *Table) set(n int, i int64, v int) error {
	if v < -n || v > n || (v+n)&1 != 0 {
		return fmt.Errorf("solve: margin %d of a board with %d seeds: want -%d to %d, of the parity of %d", v, n, n, n, n)
	}
	w := t.width[n]
	if w == 0 {
		return nil
	}
	bit := i * int64(w)
	at := t.start[n] + bit>>3
	x := binary.LittleEndian.Uint16(t.data[at:])
	mask := uint16(1<<w-1) << (bit & 7)
	x = x&^mask | uint16((v+n)/2)<<(bit&7)&mask
	binary.LittleEndian.PutUint16(t.data[at:], x)
	return nil
}

// levelData is level n's entries (without the checksum).
func (t *Table) levelData(n int) []byte {
	return t.data[t.start[n] : t.start[n]+t.levelBytes(n)]
}

// checksum is level n's CRC-32 over the header and the level's entries,
// so that a changed header fails every level.
func (t *Table) checksum(n int) uint32 {
	c := crc32.ChecksumIEEE(t.data[:t.hlen])
	return crc32.Update(c, crc32.IEEETable, t.levelData(n))
}

// seal writes level n's checksum after its entries.
func (t *Table) seal(n int) {
	end := t.start[n] + t.levelBytes(n)
	binary.LittleEndian.PutUint32(t.data[end:], t.checksum(n))
}

// sealed reports whether level n's checksum matches its entries.
func (t *Table) sealed(n int) bool {
	end := t.start[n] + t.levelBytes(n)
	return binary.LittleEndian.Uint32(t.data[end:]) == t.checksum(n)
}

// Levels is the number of levels built: boards of 0 to Levels()-1 seeds
// (K+1 for a complete table).
func (t *Table) Levels() int { return t.levels }

// Bytes is the size of the table file.
func (t *Table) Bytes() int64 { return t.fileSize() }
