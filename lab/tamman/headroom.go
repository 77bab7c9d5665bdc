package tammanlab

import (
	"math"
	"strconv"
	"strings"
	"time"

	"tabula/ai"
	"tabula/engine"
	"tabula/games/tamman"
	"tabula/lab"
)

// What a player gives away by a deeper search's judgement, for knowing
// how much a stronger player could gain against her at most by that
// judge's lights:
//
//	tabula lab tamman-headroom --headroom-player alphabeta:4/net --headroom-judges alphabeta:5/net --headroom-games 20
//
// The player plays both seats of each game, on Match's keyed throws
// (-match-seed). At each of her moves each judge (alphabeta:D/net and its
// modifiers) values every legal move with a full window
// (ai.AlphaBeta.MoveValues), and her loss is the judge's value of its
// best move less that of hers, in points of winning chance (a value is
// her chance minus the other's, so half its difference), the values
// taken within ±1 (a sure win or loss). A game's loss for a seat is the
// sum over her moves: by the judge's values, what a player who made the
// judge's moves in her place would have won more, the rest of the game
// the same. A judge's own errors count as the player's loss where it
// rates another move higher, and never the other way: the figure is an
// estimate, not a bound.
var (
	headroomPlayer = flags.String("headroom-player", "alphabeta:4/net", "the Match variant whose moves Headroom judges, in both seats")
	headroomJudges = flags.String("headroom-judges", "alphabeta:5/net", "alphabeta variants, comma-separated, that judge the player's moves in Headroom")
	headroomGames  = flags.Int("headroom-games", 20, "games of Headroom")
)

// headroomTally is one judge's account of the player's moves.
type headroomTally struct {
	choices, other int       // moves judged, and those the judge rated below another
	worst          float64   // the largest loss of one move
	seatGames      []float64 // the loss of each seat of each game
}

// Headroom plays -headroom-games games of -headroom-player against itself
// and reports, for each of -headroom-judges, how often it rated another
// move higher and the player's loss a game.
func Headroom(t TB) {
	specs := strings.Split(*headroomJudges, ",")
	judges := alphaBetaVariants(t, specs, false)
	tallies := make([]headroomTally, len(specs))
	var values []float64
	var moves []engine.Move
	c0 := lab.CPUTime()
	for i := range *headroomGames {
		agents := []ai.Agent{variant(t, *headroomPlayer, uint64(2*i)), variant(t, *headroomPlayer, uint64(2*i+1))}
		loss := make([][2]float64, len(specs))
		chose := func(s *tamman.State, p int, m engine.Move, _ time.Duration) {
			moves = s.Legal(p, moves[:0])
			if len(moves) < 2 {
				return
			}
			for j, judge := range judges {
				values, _ = judge.MoveValues(s, p, moves, values[:0])
				best, played := math.Inf(-1), 0.0
				for k, v := range values {
					v = max(-1, min(1, v))
					best = max(best, v)
					if moves[k] == m {
						played = v
					}
				}
				l := (best - played) / 2
				tl := &tallies[j]
				tl.choices++
				if l > 1e-9 {
					tl.other++
				}
				tl.worst = max(tl.worst, l)
				loss[j][p] += l
			}
		}
		end := playPaired(t, agents, 2*i, chose) // one game of each pair: the other would be the same
		line := ""
		for j := range specs {
			tallies[j].seatGames = append(tallies[j].seatGames, loss[j][0], loss[j][1])
			line += ", " + specs[j] + " " + formatLoss(loss[j][0]) + " " + formatLoss(loss[j][1])
		}
		t.Logf("game %d: seat %d won; lost by seat 0 and 1%s", i, end.Winner(), line)
	}
	t.Logf("%s judged over %d games (both seats, throws of seed %d), %v of CPU in all:", *headroomPlayer, *headroomGames, *matchSeed, lab.CPUTime()-c0)
	for j, spec := range specs {
		tl := tallies[j]
		sp := spreadOf(tl.seatGames)
		lo, hi := sp.interval()
		t.Logf("%s: %d moves judged, another rated higher in %d (%.1f%%); lost a game by a seat %.2f points of winning chance (95%%: %.2f..%.2f), the most by one move %.2f",
			spec, tl.choices, tl.other, 100*float64(tl.other)/float64(max(tl.choices, 1)), 100*sp.mean, 100*lo, 100*hi, 100*tl.worst)
	}
}

// formatLoss writes a loss in points of winning chance.
func formatLoss(l float64) string { return strconv.FormatFloat(100*l, 'f', 3, 64) }
