package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

var (
	registryMu sync.RWMutex
	registry   = map[string]Game{}
)

// Register makes a game known by its ID. Games call it from an init
// function; registering the same ID twice is a programming error.
func Register(g Game) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[g.ID()]; dup {
		panic("engine: game registered twice: " + g.ID())
	}
	registry[g.ID()] = g
}

// Lookup returns the game with the given ID.
func Lookup(id string) (Game, error) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	if g, ok := registry[id]; ok {
		return g, nil
	}
	ids := make([]string, 0, len(registry))
	for k := range registry {
		ids = append(ids, k)
	}
	slices.Sort(ids)
	return nil, NewError("engine.unknown_game", "game", strconv.Quote(id), "known", strings.Join(ids, ", "))
}

// Games returns every registered game, ordered by ID.
func Games() []Game {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]Game, 0, len(registry))
	for _, g := range registry {
		out = append(out, g)
	}
	// sort.Slice, not slices.SortFunc: the browser's engine has one sort
	// for every type, where each type's slices.SortFunc weighed 20 kB.
	sort.Slice(out, func(i, j int) bool { return out[i].ID() < out[j].ID() })
	return out
}

// StartsByPlayers gives every registered game at its start, once for each
// player count it allows (an Int option named "players") or once with its
// defaults: the positions the computer players are measured and tested on.
func StartsByPlayers() ([]State, error) {
	var out []State
	for _, g := range Games() {
		sets := [][]string{nil}
		for _, sp := range g.Specs() {
			if sp.Name == "players" && sp.Kind == Int {
				sets = sets[:0]
				for n := int(sp.Min); n <= int(sp.Max); n++ {
					sets = append(sets, []string{"players=" + strconv.Itoa(n)})
				}
			}
		}
		for _, set := range sets {
			opts, err := ParseOptions(g, set)
			if err != nil {
				return nil, fmt.Errorf("%s %v: %w", g.ID(), set, err)
			}
			s, err := g.NewState(opts)
			if err != nil {
				return nil, fmt.Errorf("%s %v: %w", g.ID(), set, err)
			}
			out = append(out, s)
		}
	}
	return out, nil
}

// ChoicePositions plays seeded random games from start (6, 11, 16, ...
// turns) and keeps up to n of the positions reached where one player
// chooses among several moves (at a simultaneous turn the first of the
// players choosing): the same positions wherever the engine runs, for
// the computer players' measurements and tests.
func ChoicePositions(start State, n int) []State {
	r := Rand{Src: rand.NewPCG(3, 4)}
	var out []State
	for i := 0; len(out) < n && i < 100; i++ {
		s := start.Clone()
		for j := 0; j < 6+5*i && !s.Terminal(); j++ {
			actors := s.Actors(nil)
			joint := make([]Move, len(actors))
			for k, a := range actors {
				legal := s.Legal(a, nil)
				joint[k] = legal[r.IntN(len(legal))]
			}
			ApplyTurn(s, joint)
		}
		if s.Terminal() {
			continue
		}
		if a := s.Actors(nil); a[0] != ChancePlayer && len(s.Legal(a[0], nil)) > 1 {
			out = append(out, s)
		}
	}
	return out
}
