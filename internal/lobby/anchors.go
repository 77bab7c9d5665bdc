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

// sitter is who sits in a two-seat room's seat at the end of its game:
// a rated player (by id) or a computer level.
type sitter struct {
	player string
	level  string
}

// newRatings is the rating update of a finished two-seat room: each
// player rated against the other's rating before the game, or against
// the computer's anchor. holders are the players who sat down (the
// lobby's seats), now who sits in each seat at the end.
//
// A player whose seat the computer holds at the end left the game: the
// other player gave the seat to the computer after the leaver was away
// for the room's grace (rooms.Room.Replace). As lichess counts a rated
// game a player abandons, the game is the leaver's loss and the other
// player's win, rated against each other, whatever the computer then
// made of the seat: the rest is played casual.
func newRatings(holders []store.PlayerSeat, now map[int]sitter, result view.Result, current map[string]rating.Rating) map[string]rating.Rating {
	next := map[string]rating.Rating{}
	player := map[int]string{}
	left := -1
	for _, s := range holders {
		player[s.Seat] = s.Player
		if now[s.Seat].level != "" {
			if left >= 0 {
				return next // both left: nobody to rate
			}
			left = s.Seat
		}
	}
	for _, s := range holders {
		sc, ok := score(result, s.Seat)
		if !ok {
			return next
		}
		if left >= 0 {
			sc = 1
			if s.Seat == left {
				sc = 0
			}
		}
		var opp rating.Rating
		if p := player[1-s.Seat]; p != "" {
			opp, ok = current[p]
		} else {
			opp, ok = anchor(now[1-s.Seat].level)
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
