package lobby

import (
	"math"

	"tabula/internal/store"
	"tabula/rating"
	"tabula/view"
)

// Anchors are the computer levels' fixed ratings: a rated game against
// the computer updates only the person, against this rating. The numbers
// follow the levels' order (each stronger level 200 points above the
// one before); they were set, not measured: docs/play.md, "Ratings".
var Anchors = map[string]float64{
	"random": 700, "greedy": 900,
	"mcts:easy": 1100, "mcts:medium": 1300, "mcts:hard": 1500, "mcts:max": 1700,
	"alphabeta:easy": 1150, "alphabeta:medium": 1350, "alphabeta:hard": 1550, "alphabeta:max": 1750,
}

// AnchorDeviation is the deviation an anchor is taken to have.
const AnchorDeviation = 50.0

// anchor is the rating of a computer level.
func anchor(level string) (rating.Rating, bool) {
	r, ok := Anchors[level]
	return rating.Rating{Rating: r, Deviation: AnchorDeviation, Volatility: rating.InitialVolatility}, ok
}

// score is seat's score in result: 1 won, 0.5 drawn, 0 lost; false for a
// game nobody finished, which changes no rating.
func score(result view.Result, seat int) (float64, bool) {
	switch {
	case result.How == "" || result.How == view.EndAbandoned:
		return 0, false
	case result.Winner < 0:
		return 0.5, true
	case result.Winner == seat:
		return 1, true
	}
	return 0, true
}

// seatOpponent is who sat in a two-seat room's other seat: a rated
// player (by id) or a computer level.
type seatOpponent struct {
	player string
	level  string
}

// newRatings is the rating update of a finished two-seat room: each
// player rated against the other's rating before the game, or against
// the computer's anchor.
func newRatings(seats []store.PlayerSeat, others map[int]seatOpponent, result view.Result, current map[string]rating.Rating) map[string]rating.Rating {
	next := map[string]rating.Rating{}
	for _, s := range seats {
		sc, ok := score(result, s.Seat)
		if !ok {
			return next
		}
		var opp rating.Rating
		o := others[s.Seat]
		switch {
		case o.player != "":
			opp, ok = current[o.player]
		default:
			opp, ok = anchor(o.level)
		}
		if !ok {
			continue
		}
		next[s.Player] = rating.Update(current[s.Player], []rating.Result{{Opponent: opp, Score: sc}})
	}
	return next
}

// rounded is a rating as a whole number, for seats and lists.
func rounded(r float64) int { return int(math.Round(r)) }
