package tamman_test

import (
	"encoding/binary"
	"flag"
	"fmt"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
)

// The throws of MeasureMatch's paired games. A pair is two games in which
// the two variants swap seats; for the pair to compare the players and not
// the throws, each seat must get the same throws in both games, whoever
// sits there and however the games part.
//
// "The same throws" here: a seat's k-th turn gets the same throws in both
// games, place by place. A turn opens with one throw, and a 4 or an 8
// earns one or two extra throws (8, 8, 8 voids the turn), so the opening
// throws of the seat's k-th turn are the same in both games, and so is how
// many there are. Capture throws follow, one for each man sent back, and
// are thrown between the moves: the j-th throw of the turn after its
// opening ones is the same in both games whenever both games throw it,
// though one game may capture at that turn and the other not. What two
// games cannot share is only what one of them has and the other lacks:
// capture throws of captures made in one game, and the turns after the
// shorter game ended.
//
// Each throw is drawn by ai.ChanceDrawer (SHA-256 and ChaCha8 of its key,
// then the first outcome whose cumulative chance exceeds the uniform
// number) from the state's own ChanceOutcomes: the throw's distribution is
// the rules' own, exactly (the cowries' chances, k/16 by default, are
// sums of powers of two, so the cumulative sums are exact in a float64).

var matchThrows = flag.String("match-throws", "keyed",
	"keyed: each throw drawn from (pair, seat, the seat's turn, the throw's place in it); stream: each seat its own stream of throws (the harness before 2 December 2026)")

// throwSource draws the throws of one game of MeasureMatch.
type throwSource interface {
	draw(s *tamman.State) engine.Move
}

// newThrows returns the throws of game i of MeasureMatch (or of a harness
// that plays its games): games 2k and 2k+1 are the two games of pair k.
func newThrows(i int, seed uint64) throwSource {
	switch *matchThrows {
	case "keyed":
		return &keyedThrows{run: seed, pair: uint64(i / 2), last: -1}
	case "stream":
		base := uint64(i/2)*2 + 1e6 + 2*seed
		return streamThrows{ai.NewRandom(base), ai.NewRandom(base + 1)}
	}
	panic(fmt.Sprintf("-match-throws %q: want keyed or stream", *matchThrows))
}

// streamThrows gives each seat its own stream: a capture or an extra throw
// in one game and not in the other shifts all that seat's later throws.
type streamThrows []*ai.Random

func (d streamThrows) draw(s *tamman.State) engine.Move {
	return d[s.Turn()].Choose(s, engine.ChancePlayer)
}

// keyedThrows draws each throw from its key: the run's seed, the pair, the
// seat, the seat's turn (from 1) and the throw's place in that turn (from
// 0).
type keyedThrows struct {
	run, pair uint64
	last      int       // the seat of the previous throw, -1 before the first
	turns     [4]uint32 // the turns each seat has begun
	place     int
	key       [24]byte
	outs      []engine.ChanceOutcome
	d         ai.ChanceDrawer
}

func (k *keyedThrows) draw(s *tamman.State) engine.Move {
	// Every turn opens with a throw and the turn always passes to another
	// seat, so a throw by another seat than the last one opens a turn.
	p := s.Turn()
	if p != k.last {
		k.last, k.place = p, 0
		k.turns[p]++
	} else {
		k.place++
	}
	k.outs = s.ChanceOutcomes(k.outs[:0])
	return k.d.At(throwKey(k.key[:0], k.run, k.pair, p, k.turns[p]), k.outs, k.place)
}

// throwKey appends the key of a seat's turn to dst; the throw's place in
// the turn is ai.ChanceDrawer's ply.
func throwKey(dst []byte, run, pair uint64, seat int, turn uint32) []byte {
	dst = binary.BigEndian.AppendUint64(dst, run)
	dst = binary.BigEndian.AppendUint64(dst, pair)
	dst = binary.BigEndian.AppendUint32(dst, uint32(seat))
	return binary.BigEndian.AppendUint32(dst, turn)
}

// throwPlace names a throw of a game: its seat, the seat's turn and its
// place in the turn.
type throwPlace struct {
	seat, turn, place int
}

// placedThrows wraps a source and records each throw at its place, for
// TestMeasureSharedThrows.
type placedThrows struct {
	src   throwSource
	last  int
	turns [4]int
	place int
	seen  map[throwPlace]engine.Move
	order []throwPlace
}

func newPlacedThrows(src throwSource) *placedThrows {
	return &placedThrows{src: src, last: -1, seen: map[throwPlace]engine.Move{}}
}

func (r *placedThrows) draw(s *tamman.State) engine.Move {
	p := s.Turn()
	if p != r.last {
		r.last, r.place = p, 0
		r.turns[p]++
	} else {
		r.place++
	}
	m := r.src.draw(s)
	at := throwPlace{p, r.turns[p], r.place}
	r.seen[at] = m
	r.order = append(r.order, at)
	return m
}
