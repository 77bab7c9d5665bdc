package enginetest

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tabula/engine"
)

// Full is the full state of s as text, for comparing states: the game's
// details (the board, its facts as they are shown), the ply, hash, outcome, actors,
// legal moves of every player and of chance, chance outcomes, scores and
// returns. Two states that agree in it are the same for every player and
// tool. (The options, the same for every state of a game, are left out.)
func Full(t testing.TB, s engine.State) string {
	t.Helper()
	b := new(bytes.Buffer)
	if d, ok := s.(interface{ Details() engine.Details }); ok { // the board of its JSON (view.Detailer)
		fmt.Fprintf(b, "%v", d.Details())
	}
	o, over := s.Outcome()
	fmt.Fprintf(b, "\nply %d hash %016x terminal %v outcome %v %v actors %v\n", s.Ply(), s.Hash(), s.Terminal(), over, o.Winner, s.Actors(nil))
	var legal []engine.Move
	for p := engine.ChancePlayer; p < s.NumPlayers(); p++ {
		legal = s.Legal(p, legal[:0])
		b.WriteString("legal ")
		for _, m := range legal {
			b.WriteString(strconv.Itoa(int(m)))
			b.WriteByte(' ')
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(b, "chance %v scores %v returns %v", s.ChanceOutcomes(nil), s.Scores(nil), s.Returns(nil))
	return b.String()
}

// facts are what random games showed of a game.
type facts struct {
	simultaneous, chance bool
	sums                 []float64
}

// checkReturns checks the returns of a finished game against info.
func checkReturns(t *testing.T, seed uint64, s engine.State, info engine.Info, seen *facts) {
	t.Helper()
	r := s.Returns(nil)
	if len(r) != s.NumPlayers() {
		t.Fatalf("seed %d: %d returns for %d players", seed, len(r), s.NumPlayers())
	}
	sum := 0.0
	for p, x := range r {
		if x < info.MinUtility-1e-9 || x > info.MaxUtility+1e-9 {
			t.Fatalf("seed %d: player %d's return %v is outside the declared [%v, %v]", seed, p, x, info.MinUtility, info.MaxUtility)
		}
		sum += x
	}
	if info.Utility == engine.ZeroSum && math.Abs(sum) > 1e-9 {
		t.Fatalf("seed %d: returns %v of a zero-sum game sum to %v", seed, r, sum)
	}
	o, _ := s.Outcome()
	if !o.Draw() && slices.Max(r) != r[o.Winner] {
		t.Fatalf("seed %d: winner %d but returns %v", seed, o.Winner, r)
	}
	seen.sums = append(seen.sums, sum)
}

// checkFacts compares what the random games showed with the declared
// facts: the number of players, simultaneous turns, chance, and a constant
// sum of returns.
func checkFacts(t *testing.T, info engine.Info, games int, seen *facts) {
	t.Helper()
	for _, p := range factProblems(info, games, seen) {
		t.Error(p)
	}
}

// factProblems lists where the declared facts and the random games
// disagree.
func factProblems(info engine.Info, games int, seen *facts) []string {
	var out []string
	if info.Players < info.MinPlayers || info.Players > info.MaxPlayers || info.MinPlayers < 1 {
		out = append(out, fmt.Sprintf("players %d outside the declared range %d..%d", info.Players, info.MinPlayers, info.MaxPlayers))
	}
	if info.MinUtility > info.MaxUtility {
		out = append(out, fmt.Sprintf("MinUtility %v > MaxUtility %v", info.MinUtility, info.MaxUtility))
	}
	if seen.simultaneous && !info.Simultaneous {
		out = append(out, "a turn had several actors, but Info says no simultaneous turns")
	}
	if !seen.simultaneous && info.Simultaneous && games >= 5 {
		out = append(out, fmt.Sprintf("Info says simultaneous turns, but %d random games had none", games))
	}
	if seen.chance && !info.Chance {
		out = append(out, "chance acted, but Info says there is no chance")
	}
	if !seen.chance && info.Chance && games >= 5 {
		out = append(out, fmt.Sprintf("Info says there is chance, but it never acted in %d random games", games))
	}
	if info.Utility == engine.ConstantSum {
		for _, x := range seen.sums {
			if math.Abs(x-seen.sums[0]) > 1e-9 {
				out = append(out, fmt.Sprintf("constant-sum game: returns sum to %v and to %v", seen.sums[0], x))
				break
			}
		}
	}
	return out
}

// checkEvents checks the form of a turn's trace: known kinds, and times
// that never decrease.
func checkEvents(t *testing.T, seed uint64, turn string, events []engine.Event) {
	t.Helper()
	for i, e := range events {
		if strings.HasPrefix(e.Kind.String(), "EventKind(") {
			t.Fatalf("seed %d, %s: event %d has an unknown kind %v", seed, turn, i, e.Kind)
		}
		if i > 0 && e.Time < events[i-1].Time {
			t.Fatalf("seed %d, %s: event %d (%+v) comes before the time of the one before it (%+v)", seed, turn, i, e, events[i-1])
		}
	}
}
