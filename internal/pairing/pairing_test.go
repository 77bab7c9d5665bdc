package pairing

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
)

// play gives every game of pairs a result drawn by rng.
func play(pairs []Pair, rng *rand.Rand) Round {
	r := make(Round, len(pairs))
	for i, p := range pairs {
		r[i] = Game{p, Result(1 + rng.IntN(3))}
	}
	return r
}

// runAll plays sys for n players until it is over, the results drawn by rng.
func runAll(t *testing.T, sys System, n int, rng *rand.Rand) []Round {
	t.Helper()
	var rounds []Round
	for {
		pairs, err := Next(sys, n, rounds)
		if errors.Is(err, ErrOver) {
			return rounds
		}
		if err != nil {
			t.Fatalf("%s, %d players, round %d: %v", sys, n, len(rounds), err)
		}
		rounds = append(rounds, play(pairs, rng))
	}
}

// checkRound checks that a round seats every player once and the
// computer at most once (a knockout: in every empty place of its
// bracket), never against itself.
func checkRound(t *testing.T, sys System, n, r int, round Round) {
	t.Helper()
	seen := map[int]int{}
	for _, g := range round {
		if g.A == g.B {
			t.Fatalf("%s, %d players, round %d: %v plays itself", sys, n, r, g.Pair)
		}
		seen[g.A]++
		seen[g.B]++
	}
	if seen[Computer] > 1 && sys != Knockout || sys == Knockout && r == 0 && seen[Computer] != 1<<log2up(n)-n {
		t.Errorf("%s, %d players, round %d: the computer plays %d games", sys, n, r, seen[Computer])
	}
	for p := range n {
		if seen[p] != 1 {
			t.Errorf("%s, %d players, round %d: player %d plays %d games, want 1", sys, n, r, p, seen[p])
		}
	}
}

// Round robin: over its rounds every pair meets exactly once, every round
// pairs everyone once, an odd player plays the computer once, and each
// player's first seats and second seats differ by at most one.
func TestRoundRobinEveryPairOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 2; n <= 32; n++ {
		rounds := runAll(t, RoundRobin, n, rng)
		if want := n - 1 + n%2; len(rounds) != want {
			t.Fatalf("%d players: %d rounds, want %d", n, len(rounds), want)
		}
		met := map[[2]int]int{}
		seats := make([]int, n)
		for r, round := range rounds {
			checkRound(t, RoundRobin, n, r, round)
			for _, g := range round {
				met[[2]int{min(g.A, g.B), max(g.A, g.B)}]++
				if g.A >= 0 {
					seats[g.A]++
				}
				if g.B >= 0 {
					seats[g.B]--
				}
			}
		}
		for a := -1; a < n; a++ {
			for b := a + 1; b < n; b++ {
				if a == Computer && n%2 == 0 {
					continue
				}
				if met[[2]int{a, b}] != 1 {
					t.Errorf("%d players: %d and %d meet %d times, want 1", n, a, b, met[[2]int{a, b}])
				}
			}
		}
		for p, s := range seats {
			if s < -1 || s > 1 {
				t.Errorf("%d players: player %d has %d more first seats than second ones", n, p, s)
			}
		}
	}
}

// The circle method's first rounds of four and of five players, by hand.
func TestRoundRobinByHand(t *testing.T) {
	four := [][]Pair{
		{{0, 3}, {2, 1}},
		{{1, 0}, {3, 2}},
		{{0, 2}, {1, 3}},
	}
	for r, want := range four {
		if got := roundRobin(4, r); !reflect.DeepEqual(got, want) {
			t.Errorf("4 players, round %d: %v, want %v", r, got, want)
		}
	}
	// five players: the sixth place is the computer's
	if got, want := roundRobin(5, 0), []Pair{{0, Computer}, {4, 1}, {2, 3}}; !reflect.DeepEqual(got, want) {
		t.Errorf("5 players, round 0: %v, want %v", got, want)
	}
}

// Swiss: up to 64 players, no pair meets twice over the system's
// ⌈log2 n⌉+1 rounds, every round pairs everyone once, and the computer
// plays a different player each round.
func TestSwissNoRematch(t *testing.T) {
	for seed := range uint64(3) {
		rng := rand.New(rand.NewPCG(seed, 7))
		for n := 2; n <= 64; n++ {
			rounds := runAll(t, Swiss, n, rng)
			if want := Rounds(Swiss, n); len(rounds) != want {
				t.Fatalf("%d players: %d rounds, want %d", n, len(rounds), want)
			}
			if n >= 4 && len(rounds) < log2up(n)+1 {
				t.Errorf("%d players: only %d rounds", n, len(rounds))
			}
			met := map[[2]int]bool{}
			for r, round := range rounds {
				checkRound(t, Swiss, n, r, round)
				for _, g := range round {
					k := [2]int{min(g.A, g.B), max(g.A, g.B)}
					if met[k] {
						t.Errorf("seed %d, %d players, round %d: %d and %d meet again", seed, n, r, k[0], k[1])
					}
					met[k] = true
				}
			}
		}
	}
}

// A Swiss round pairs within the score groups, the upper half against
// the lower, and seats by balance: a hand-worked round two of six.
func TestSwissByHand(t *testing.T) {
	first, err := Next(Swiss, 6, nil)
	if err != nil {
		t.Fatal(err)
	}
	// round one, everyone on 0: 0-3, 1-4, 2-5
	if want := []Pair{{0, 3}, {1, 4}, {2, 5}}; !reflect.DeepEqual(first, want) {
		t.Fatalf("round 1: %v, want %v", first, want)
	}
	// 0, 4 and 2 win: the winners [0 2 4] and the losers [1 3 5] (in
	// order of joining within each) are each a group of three.
	r1 := Round{{Pair{0, 3}, WinA}, {Pair{1, 4}, WinB}, {Pair{2, 5}, WinA}}
	got, err := Next(Swiss, 6, []Round{r1})
	if err != nil {
		t.Fatal(err)
	}
	// The winners' upper half is [0], its lower half [2 4]: 0 meets 2
	// (both had seat 0: the higher placed, 0, keeps it) and 4 floats down
	// to the losers, where it met 1 already: 4 meets 3 (both had seat 1:
	// 4, placed higher, takes seat 0). 1 meets 5, who had seat 1 and
	// takes seat 0 now.
	if want := []Pair{{0, 2}, {4, 3}, {5, 1}}; !reflect.DeepEqual(got, want) {
		t.Errorf("round 2: %v, want %v", got, want)
	}
	if _, err := Next(Swiss, 6, []Round{{{Pair{0, 3}, Pending}}}); !errors.Is(err, ErrPending) {
		t.Errorf("after a round not over: %v, want ErrPending", err)
	}
}

// An odd Swiss gives the computer to the lowest placed who has not had it.
func TestSwissByeToTheLowest(t *testing.T) {
	r1 := Round{{Pair{0, 2}, WinA}, {Pair{1, 3}, WinB}, {Pair{4, Computer}, WinA}}
	got, err := Next(Swiss, 5, []Round{r1})
	if err != nil {
		t.Fatal(err)
	}
	// points: 0, 3, 4 have 1; 1, 2 have 0. The lowest without the
	// computer is 2.
	if got[0] != (Pair{Computer, 2}) && got[0] != (Pair{2, Computer}) {
		t.Errorf("round 2 opens with %v, want 2 against the computer", got[0])
	}
}

// Knockout of five: a bracket of eight, seeds 1-3 meet the computer,
// then the winners meet by the bracket until one is left.
func TestKnockoutByHand(t *testing.T) {
	first, err := Next(Knockout, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []Pair{{0, Computer}, {3, 4}, {1, Computer}, {2, Computer}}; !reflect.DeepEqual(first, want) {
		t.Fatalf("round 1: %v, want %v", first, want)
	}
	// 0 loses to the computer yet goes on (a bye); 4 beats 3.
	r1 := Round{{first[0], WinB}, {first[1], WinB}, {first[2], WinA}, {first[3], Draw}}
	second, err := Next(Knockout, 5, []Round{r1})
	if err != nil {
		t.Fatal(err)
	}
	if want := []Pair{{0, 4}, {1, 2}}; !reflect.DeepEqual(second, want) {
		t.Fatalf("round 2: %v, want %v", second, want)
	}
	// 0 and 4 draw: the higher seed, 0, goes on.
	r2 := Round{{second[0], Draw}, {second[1], WinB}}
	final, err := Next(Knockout, 5, []Round{r1, r2})
	if err != nil {
		t.Fatal(err)
	}
	if want := []Pair{{0, 2}}; !reflect.DeepEqual(final, want) {
		t.Fatalf("the final: %v, want %v", final, want)
	}
	if _, err := Next(Knockout, 5, []Round{r1, r2, {{final[0], WinA}}}); !errors.Is(err, ErrOver) {
		t.Errorf("after the final: %v, want ErrOver", err)
	}
}

// Every knockout up to 64 seats everyone in round one, and ends with one
// game after ⌈log2 n⌉ rounds.
func TestKnockoutEndsWithAFinal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 2; n <= 64; n++ {
		rounds := runAll(t, Knockout, n, rng)
		checkRound(t, Knockout, n, 0, rounds[0])
		if len(rounds) != log2up(n) || len(rounds[len(rounds)-1]) != 1 {
			t.Errorf("%d players: %d rounds ending with %d games", n, len(rounds), len(rounds[len(rounds)-1]))
		}
	}
}

// The results table of a hand-worked round robin of four, where the
// tie-breaks decide.
func TestStandingsTieBreaks(t *testing.T) {
	rounds := []Round{
		{{Pair{0, 3}, WinA}, {Pair{2, 1}, WinB}},
		{{Pair{1, 0}, WinA}, {Pair{3, 2}, WinA}},
		{{Pair{0, 2}, Draw}, {Pair{1, 3}, WinB}},
	}
	// points: 0: 1.5 (beat 3, drew 2); 1: 2 (beat 2, 0); 2: 0.5; 3: 2 (beat 2, 1)
	// SB: 1: 0.5 + 1.5 = 2; 3: 0.5 + 2 = 2.5; so 3 before 1.
	st := Standings(4, rounds)
	var order []int
	for _, s := range st {
		order = append(order, s.Player)
	}
	if want := []int{3, 1, 0, 2}; !reflect.DeepEqual(order, want) {
		t.Fatalf("order %v, want %v (%+v)", order, want, st)
	}
	if st[0].Points != 2 || st[0].SonnebornBerger != 2.5 || st[1].SonnebornBerger != 2 || st[2].Points != 1.5 {
		t.Errorf("table %+v", st)
	}
	// equal in everything: one rank
	tied := Standings(2, []Round{{{Pair{0, 1}, Draw}}})
	if tied[0].Rank != 1 || tied[1].Rank != 1 {
		t.Errorf("a drawn game of two: ranks %d and %d, want 1 and 1", tied[0].Rank, tied[1].Rank)
	}
	// the direct encounter breaks a tie that SB leaves
	direct := Standings(3, []Round{{{Pair{0, 1}, WinB}, {Pair{2, Computer}, WinB}}, {{Pair{1, 2}, WinB}, {Pair{0, Computer}, WinA}}})
	if direct[0].Player != 2 || direct[0].Direct != 1 || direct[1].Player != 1 {
		t.Errorf("direct encounter: %+v", direct)
	}
}
