package research

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// checkCounts refuses a count below zero or past MaxInt32 in each of its
// fields, alone or with others, and takes every count in range.
func TestCheckCountsEachField(t *testing.T) {
	fields := []func(*Result) *int{
		func(r *Result) *int { return &r.Reading }, func(r *Result) *int { return &r.Game },
		func(r *Result) *int { return &r.Plies }, func(r *Result) *int { return &r.Turns },
		func(r *Result) *int { return &r.Rounds }, func(r *Result) *int { return &r.Decisions },
		func(r *Result) *int { return &r.Choices }, func(r *Result) *int { return &r.LeadChanges },
	}
	for i, f := range fields {
		for _, v := range []int{-1, math.MinInt, math.MaxInt32 + 1, 1 << 40, math.MaxInt} {
			for _, others := range []int{0, 7, math.MaxInt32} {
				r := Result{Winner: 1, Agent: 0}
				for _, g := range fields {
					*g(&r) = others
				}
				*f(&r) = v
				if checkCounts(r) == nil {
					t.Errorf("field %d at %d (others %d) taken", i, v, others)
				}
			}
		}
		for _, v := range []int{0, 1, math.MaxInt32} {
			r := Result{Winner: -1, Agent: -1}
			*f(&r) = v
			if err := checkCounts(r); err != nil {
				t.Errorf("field %d at %d refused: %v", i, v, err)
			}
		}
	}
}

// The winner's lead of two players (winnerLead's own loop) is the lead
// the loop for more players finds when a third player trails far behind,
// over random standings of 1 to 300 turns.
func TestWinnerLeadOfTwoIsOfMany(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		points := 1 + rng.IntN(300)
		var two, three []float64
		for range points {
			a, b := float64(rng.IntN(60)), float64(rng.IntN(60))
			two = append(two, a, b)
			three = append(three, a, b, -1000)
		}
		w := rng.IntN(2)
		m2 := measures{stand: two, lastLed: [2]int{rng.IntN(points), rng.IntN(points)}}
		m3 := measures{stand: three}
		r2, r3 := Result{Winner: w}, Result{Winner: w}
		m2.winnerLead(&r2, 2)
		m3.winnerLead(&r3, 3)
		if !slices.Equal(r2.Lead, r3.Lead) || r2.Trailed != r3.Trailed || r2.Margin != r3.Margin {
			t.Fatalf("%d turns, winner %d: two players %v, three %v", points-1, w, r2, r3)
		}
	}
}
