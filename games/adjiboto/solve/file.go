package solve

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"tabula/engine"
	"tabula/games/adjiboto"
)

// fileMagic opens every table file.
const fileMagic = "tabula adji-boto endgame table 2"

// A table file is its header (the magic line, then K and the rule
// options, each line ending in '\n'), then for each level n = 0..K its
// packed entries (packed.go) and a CRC-32 of the header and those entries,
// four bytes little-endian. Its layout follows from the header, so a
// table is used in place, memory-mapped, and a build appends level after
// level and resumes after the last intact one.

// ErrBadTable is wrapped by the errors of Read and Open.
var ErrBadTable = errors.New("not an intact adji-boto endgame table")

// WriteTo writes the table file of a complete table.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	if t.levels != t.k+1 {
		return 0, fmt.Errorf("solve: table of k=%d has only levels 0 to %d", t.k, t.levels-1)
	}
	n, err := w.Write(t.data)
	return int64(n), err
}

// parseHeader returns the layout of the table whose file starts with head
// (at least its two header lines).
func parseHeader(head []byte) (*Table, error) {
	line := func(what string) (string, error) {
		i := bytes.IndexByte(head, '\n')
		if i < 0 || i > 200 {
			return "", fmt.Errorf("%w: no %s line (of at most 200 bytes)", ErrBadTable, what)
		}
		s := string(head[:i])
		head = head[i+1:]
		return s, nil
	}
	magic, err := line("first")
	if err != nil {
		return nil, err
	}
	if magic != fileMagic {
		return nil, fmt.Errorf("%w: first line %q, want %q", ErrBadTable, magic, fileMagic)
	}
	second, err := line("second")
	if err != nil {
		return nil, err
	}
	fields := strings.Fields(second)
	if len(fields) != 1+len(ruleOptions) || !strings.HasPrefix(fields[0], "k=") {
		return nil, fmt.Errorf("%w: second line %q, want k=K and the options %s", ErrBadTable, second, strings.Join(ruleOptions, ", "))
	}
	k, err := strconv.Atoi(fields[0][2:])
	if err != nil || k < 0 || k > MaxSeedsLeft {
		return nil, fmt.Errorf("%w: %s: want k=0 to k=%d", ErrBadTable, fields[0], MaxSeedsLeft)
	}
	opts, err := engine.ParseOptions(adjiboto.Game{}, fields[1:])
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadTable, err)
	}
	if rules := rulesOf(opts); !slices.Equal(rules, fields[1:]) {
		return nil, fmt.Errorf("%w: options %q, want %s in that order", ErrBadTable, fields[1:], strings.Join(ruleOptions, ", "))
	}
	t := newTable(k, fields[1:])
	if t.header() != magic+"\n"+second+"\n" {
		return nil, fmt.Errorf("%w: second line %q is not as a build writes it", ErrBadTable, second)
	}
	return t, nil
}

// intact returns the number of levels, from 0, that the file's size holds
// and whose checksums match.
func (t *Table) intact(size int64) (int, error) {
	n := 0
	for n <= t.k && t.start[n]+t.levelBytes(n)+4 <= size {
		if !t.sealed(n) {
			return n, fmt.Errorf("%w: level %d (boards of %d seeds): checksum mismatch, the file is altered or damaged", ErrBadTable, n, n)
		}
		n++
	}
	return n, nil
}

// check verifies a whole table file held in t.data, or with unfinished
// the levels an unfinished build has written so far, at least one.
func (t *Table) check(unfinished bool) error {
	size := int64(len(t.data))
	if size > t.fileSize() {
		return fmt.Errorf("%w: %d bytes, more than the %d of k=%d", ErrBadTable, size, t.fileSize(), t.k)
	}
	n, err := t.intact(size)
	if err != nil {
		return err
	}
	if unfinished && n > 0 && (n > t.k || size == t.start[n-1]+t.levelBytes(n-1)+4) {
		t.levels = n
		return nil
	}
	if n <= t.k {
		return fmt.Errorf("%w: truncated: %d bytes of %d, levels 0 to %d of k=%d complete (an unfinished build resumes with tabula solve --out)",
			ErrBadTable, size, t.fileSize(), n-1, t.k)
	}
	t.levels = n
	return nil
}

// Read reads a table file into memory and verifies it.
func Read(r io.Reader) (*Table, error) {
	br := bufio.NewReader(r)
	head, _ := br.Peek(402)
	t, err := parseHeader(head)
	if err != nil {
		return nil, err
	}
	// ReadAll grows as bytes arrive: a short file costs no more than it holds.
	t.data, err = io.ReadAll(io.LimitReader(br, t.fileSize()+1))
	if err != nil {
		return nil, fmt.Errorf("solve: reading the table: %w", err)
	}
	if err := t.check(false); err != nil {
		return nil, err
	}
	return t, nil
}

// Open maps a table file read-only (or reads it, where the system cannot
// map files) and verifies every level's checksum. Close releases it.
func Open(path string) (*Table, error) { return open(path, false) }

// OpenUnfinished is Open for the file of a build not finished yet (or
// finished): the table of the levels it holds, each verified, which a
// Solver searches beyond. A file that ends within a level fails, as a
// build stopped mid-write leaves it; the next build run mends it.
func OpenUnfinished(path string) (*Table, error) { return open(path, true) }

func open(path string, unfinished bool) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	head := make([]byte, 402)
	n, _ := io.ReadFull(f, head)
	t, err := parseHeader(head[:n])
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if t.data, t.close, err = mapFile(f, fi.Size()); err != nil {
		return nil, fmt.Errorf("solve: %s: %w", path, err)
	}
	if err := t.check(unfinished); err != nil {
		t.Close()
		return nil, err
	}
	return t, nil
}

// Close releases a table's mapping; the table must not be used after.
func (t *Table) Close() error {
	if t.close == nil {
		return nil
	}
	err := t.close()
	t.close, t.data = nil, nil
	return err
}

// BuildFile builds the table of k seeds into the file path, level after
// level, each written with its checksum and synced before the next: a
// build that is stopped (or given upto < k, to build in parts) resumes
// with the next call after the last intact level. It solves the levels up
// to upto (at most k) and returns the table of the levels done so far.
func BuildFile(path string, opts engine.Options, k, upto int, progress func(seeds int, st Stats)) (*Table, Stats, error) {
	opts, err := checkOptions(opts, k)
	if err != nil {
		return nil, Stats{}, err
	}
	upto = min(upto, k)
	t := newTable(k, rulesOf(opts))
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, Stats{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, Stats{}, err
	}
	t.data = make([]byte, t.fileSize())
	from := 0
	if size := min(fi.Size(), t.fileSize()); size > 0 {
		if _, err := f.ReadAt(t.data[:size], 0); err != nil && err != io.EOF {
			return nil, Stats{}, err
		}
		if !bytes.HasPrefix(t.data, []byte(t.header())) {
			return nil, Stats{}, fmt.Errorf("solve: %s is not a table of k=%d %s: will not overwrite it", path, k, strings.Join(t.rules, " "))
		}
		// The first level not intact, and all after it, are built again.
		from, _ = t.intact(size)
	}
	copy(t.data, t.header())
	end := t.hlen
	if from > 0 {
		end = t.start[from-1] + t.levelBytes(from-1) + 4
	}
	clear(t.data[end:])
	if err := f.Truncate(end); err != nil {
		return nil, Stats{}, err
	}
	if _, err := f.WriteAt(t.data[:t.hlen], 0); err != nil {
		return nil, Stats{}, err
	}
	st := newStats(k)
	st.Positions = Size(k)
	t.levels = from
	err = build(t, opts, from, upto, &st, func(n int) error {
		t.seal(n)
		lo, hi := t.start[n], t.start[n]+t.levelBytes(n)+4
		if _, err := f.WriteAt(t.data[lo:hi], lo); err != nil {
			return err
		}
		if err := f.Sync(); err != nil {
			return err
		}
		t.levels = n + 1
		if progress != nil {
			progress(n, st)
		}
		return nil
	})
	if err != nil {
		return nil, Stats{}, err
	}
	return t, st, f.Close()
}
