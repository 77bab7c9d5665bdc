package view_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
	"tabula/view"
)

// TestMovesOfAMancalaStartFromTheirHole: a sowing's place is its hole,
// whose number is the move's text.
func TestMovesOfAMancalaStartFromTheirHole(t *testing.T) {
	s := replay(t, "adji-boto", nil)
	moves := view.Moves(s)
	legal := engine.LegalTexts(s, 0)
	if len(moves) != len(legal) {
		t.Fatalf("%d moves with places for %d legal moves", len(moves), len(legal))
	}
	for i, mv := range moves {
		if mv.Move != legal[i] || strconv.Itoa(mv.From) != mv.Move || mv.To != -1 || mv.Steps != 0 {
			t.Errorf("move %d: %+v, want move %s from hole %s, to -1, 0 steps", i, mv, legal[i], legal[i])
		}
	}
}

// TestMovesOfChanceAreEmpty: nothing to offer by place when chance acts.
func TestMovesOfChanceAreEmpty(t *testing.T) {
	if got := view.Moves(replay(t, "tamman", nil)); len(got) != 0 {
		t.Errorf("tamman start: moves %+v, want none", got)
	}
}

// TestMovesOfASimultaneousTurnListEveryActor: every actor's legal moves,
// each with its player and the hole it sows from.
func TestMovesOfASimultaneousTurnListEveryActor(t *testing.T) {
	s := replay(t, "agsinnoninka", nil)
	var got []string
	for _, mv := range view.Moves(s) {
		got = append(got, fmt.Sprintf("%d:%s@%d", mv.Player, mv.Move, mv.From))
	}
	want := "0:9@9 0:8@8 0:7@7 0:6@6 0:5@5 1:4@4 1:3@3 1:2@2 1:1@1 1:0@0"
	if strings.Join(got, " ") != want {
		t.Errorf("moves %s, want %s", strings.Join(got, " "), want)
	}
}

// TestMovesOfTammanEndWhereTheManLands plays random games with
// exact-finish=false (a longer throw stops a man on habarti, a rule the
// browser must not know) and checks every offered move against the state
// after it: the man leaves From, ends on To, and a move of N never passes
// more than N places.
func TestMovesOfTammanEndWhereTheManLands(t *testing.T) {
	g, opts := options(t, "tamman", []string{"exact-finish=false", "players=2"})
	start, err := g.NewState(opts)
	if err != nil {
		t.Fatal(err)
	}
	names := start.(engine.Boarder).Board().Squares
	rng := rand.New(rand.NewPCG(3, 4))
	short := 0
	for game := 0; game < 20; game++ {
		s := start.Clone()
		for ply := 0; ply < 400 && !s.Terminal(); ply++ {
			actors := s.Actors(nil)
			if actors[0] != engine.ChancePlayer {
				p := actors[0]
				for _, mv := range view.Moves(s) {
					if mv.Move == "pass" {
						continue
					}
					from, n, _ := strings.Cut(mv.Move, "+")
					steps, _ := strconv.Atoi(n)
					if mv.From < 0 || names[mv.From] != from || mv.To < 0 || mv.Steps < 1 || mv.Steps > steps {
						t.Fatalf("game %d ply %d: %+v for %s", game, ply, mv, mv.Move)
					}
					if mv.Steps < steps {
						short++
					}
					after := s.Clone()
					m, _ := after.ParseMove(p, mv.Move)
					after.Apply(m)
					pieces := after.(*tamman.State).Details().Get("pieces").([][]string)
					if !slices.Contains(pieces[p], names[mv.To]) {
						t.Fatalf("game %d ply %d: %s should end on %s, player %d's men are on %v",
							game, ply, mv.Move, names[mv.To], p, pieces[p])
					}
				}
			}
			legal := s.Legal(actors[0], nil)
			s.Apply(legal[rng.IntN(len(legal))])
		}
	}
	if short == 0 {
		t.Error("no move stopped short on habarti: the test did not reach the rule it is about")
	}
}

// Moves traces every legal move in one scratch, kept between calls: a
// server lists the moves at each turn of each room, and a trace of its own
// for each move was a quarter of what a server allocated under load.
func TestMovesReuseOneTrace(t *testing.T) {
	s := replay(t, "adji-boto", nil)
	n := len(engine.LegalTexts(s, 0))
	allocs := testing.AllocsPerRun(50, func() { view.Moves(s) })
	// A move's text, and the list and scratch state; a trace of its own
	// grew by several allocations a move (8 a move at the start), and a
	// scratch trace new at each call by several a call (13 for the 5
	// moves of the start).
	if allocs > 2*float64(n) {
		t.Fatalf("%.0f allocations to list %d moves, want at most 2 a move", allocs, n)
	}
	t.Logf("%.0f allocations for %d moves", allocs, n)
}
