package tammanlab

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
)

// The throws of Match's paired games. A pair is two games in which
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

// The agents' own draws (greedy's ties, a search's shuffles and samples)
// matter as much: greedy moves at random among the moves that make the
// same race, and a pair whose throws are the same plays out otherwise
// when greedy draws otherwise. With -match-draws keyed each agent is
// reseeded before each of its moves from (pair, seat, the seat's turn,
// the move's place among the turn's moves, -match-play-seed), so that in
// both games of a pair, and in every run on the same -match-seed, a seat's
// luck at each turn is the same whoever sits there: the two players of a
// pair differ in nothing but their play.
var matchDraws = flags.String("match-draws", "seeded",
	"seeded: each agent seeded once a game; keyed: reseeded before each move from (pair, seat, the seat's turn, the move's place in it); needs -match-throws keyed")

var matchThrows = flags.String("match-throws", "keyed",
	"keyed: each throw drawn from (pair, seat, the seat's turn, the throw's place in it); stream: each seat its own stream of throws (the harness before 2 December 2026)")

// throwSource draws the throws of one game of Match.
type throwSource interface {
	draw(s *tamman.State) engine.Move
}

// newThrows returns the throws of game i of Match (or of a harness
// that plays its games): games 2k and 2k+1 are the two games of pair k.
func newThrows(i int, seed uint64) throwSource {
	switch *matchThrows {
	case "keyed":
		return &keyedThrows{run: seed, pair: uint64(i / 2)}
	case "stream":
		base := uint64(i/2)*2 + 1e6 + 2*seed
		return streamThrows{ai.NewRandom(base), ai.NewRandom(base + 1)}
	}
	panic(fmt.Sprintf("--match-throws %q: want keyed or stream", *matchThrows))
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
	at        placer
	moves     int // the moves of the turn so far
	key       [24]byte
	outs      []engine.ChanceOutcome
	d         ai.ChanceDrawer
}

func (k *keyedThrows) draw(s *tamman.State) engine.Move {
	at := k.at.next(s.Turn())
	if at.place == 0 {
		k.moves = 0
	}
	k.outs = s.ChanceOutcomes(k.outs[:0])
	return k.d.At(throwKey(k.key[:0], k.run, k.pair, at.seat, uint32(at.turn)), k.outs, at.place)
}

// placer follows the places of a game's throws. Every turn opens with a
// throw and the turn always passes to another seat, so a throw by another
// seat than the last one opens a turn. The zero value is ready.
type placer struct {
	last  int // the seat of the previous throw, plus 1 (0 before the first)
	turns [4]int
	place int
}

// next returns the place of a throw by seat.
func (p *placer) next(seat int) throwPlace {
	if seat+1 != p.last {
		p.last, p.place = seat+1, 0
		p.turns[seat]++
	} else {
		p.place++
	}
	return throwPlace{seat, p.turns[seat], p.place}
}

// drawSeed returns the seed of the agent in seat before its next move:
// SHA-256 of the turn's key, the move's place among the turn's moves and
// play.
func (k *keyedThrows) drawSeed(seat int, play uint64) uint64 {
	key := throwKey(k.key[:0], k.run, k.pair, seat, uint32(k.at.turns[seat]))
	key = binary.BigEndian.AppendUint64(key, uint64(k.moves))
	key = binary.BigEndian.AppendUint64(key, play)
	k.moves++
	h := sha256.Sum256(key)
	return binary.BigEndian.Uint64(h[:])
}

// reseed reseeds agent before its move in seat, under -match-draws keyed.
func reseed(dice throwSource, agent ai.Agent, seat int, play uint64) {
	if *matchDraws != "keyed" {
		return
	}
	k, ok := dice.(*keyedThrows)
	r, ok2 := agent.(ai.Reseeder)
	if !ok || !ok2 {
		panic(fmt.Sprintf("-match-draws keyed wants -match-throws keyed and agents that can be reseeded (%s)", agent.Name()))
	}
	r.Reseed(k.drawSeed(seat, play))
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
// SharedThrows.
type placedThrows struct {
	src   throwSource
	at    placer
	seen  map[throwPlace]engine.Move
	order []throwPlace
}

func newPlacedThrows(src throwSource) *placedThrows {
	return &placedThrows{src: src, seen: map[throwPlace]engine.Move{}}
}

func (r *placedThrows) draw(s *tamman.State) engine.Move {
	at := r.at.next(s.Turn())
	m := r.src.draw(s)
	r.seen[at] = m
	r.order = append(r.order, at)
	return m
}

func mustAgent(tb TB, spec string, seed uint64) ai.Agent {
	tb.Helper()
	a, err := ai.New(tamman.Game{}, spec, ai.Config{Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	return a
}
