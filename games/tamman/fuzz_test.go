package tamman_test

import (
	"fmt"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
)

// FuzzParseMove checks that whatever text parses gives a move whose text
// parses back to the same move, for chance and for players.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c1+3", "t8", "e5+255", "a1+1", "c3+20", "t0", "c1+03", "c1+-1", "+", "t", "c1+256", "\x00"} {
		f.Add(s)
	}
	s := start(f)
	f.Fuzz(func(t *testing.T, text string) {
		for _, player := range []int{engine.ChancePlayer, 0, 1} {
			m, err := s.ParseMove(player, text)
			if err != nil {
				continue
			}
			back := s.MoveText(player, m)
			if back != text {
				t.Errorf("player %d: %q parses to a move written %q", player, text, back)
			}
			m2, err := s.ParseMove(player, back)
			if err != nil || m2 != m {
				t.Errorf("player %d: %q does not round-trip: %v", player, back, err)
			}
		}
	})
}

// FuzzReplay plays games whose choices come from the fuzzer's bytes (each
// byte picks a legal move or throw), then replays their records: the
// replay must end in the same position. Move lists spoiled by the fuzzer
// must be refused with an error, never a panic.
func FuzzReplay(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, uint8(2), "")
	f.Add([]byte{4, 4, 4, 0, 4, 1, 1}, uint8(4), "c1+9")
	f.Add([]byte{3, 0, 2, 2, 200, 17}, uint8(3), "t5")
	f.Fuzz(func(t *testing.T, choices []byte, players uint8, junk string) {
		n := 2 + int(players%3)
		opts := options(t, fmt.Sprintf("players=%d", n))
		s, err := tamman.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		var rec []string
		for _, c := range choices {
			if s.Terminal() {
				break
			}
			a := s.Actors(nil)[0]
			ms := s.Legal(a, nil)
			m := ms[int(c)%len(ms)]
			rec = append(rec, s.MoveText(a, m))
			s.Apply(m)
		}
		back, err := engine.Replay(tamman.Game{}, opts, rec)
		if err != nil {
			t.Fatalf("record %v does not replay: %v", rec, err)
		}
		if back.Hash() != s.Hash() {
			t.Fatalf("record %v replays to another position", rec)
		}
		// Spoil the record: append the junk and replay; it must either
		// play or fail with a MoveError, and an accepted list replays the
		// same twice.
		spoiled := append(append([]string(nil), rec...), strings.Fields(junk)...)
		a, errA := engine.Replay(tamman.Game{}, opts, spoiled)
		b, errB := engine.Replay(tamman.Game{}, opts, spoiled)
		if (errA == nil) != (errB == nil) || (errA == nil && a.Hash() != b.Hash()) {
			t.Fatalf("replay of %v is not deterministic", spoiled)
		}
	})
}
