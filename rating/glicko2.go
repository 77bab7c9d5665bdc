// Package rating computes Glicko-2 ratings, as Mark Glickman describes
// the system in "Example of the Glicko-2 system" (Boston University,
// 2013). It is pure arithmetic: no I/O, no clock.
//
// A rating period here is one game: after each rated game both sides
// are updated from the ratings they had before it (Update), so a rating
// is current the moment a game ends. docs/play.md ("Ratings") says how
// the server uses it.
package rating

import "math"

// The system's constants (docs/play.md, "Ratings").
const (
	// Initial is a new player's rating, InitialDeviation its deviation
	// and InitialVolatility its volatility: Glickman's suggested values.
	Initial           = 1500.0
	InitialDeviation  = 350.0
	InitialVolatility = 0.06
	// Tau constrains how fast the volatility changes; Glickman suggests
	// 0.3 to 1.2. 0.5 is his worked example's value.
	Tau = 0.5
	// Epsilon is the convergence tolerance of the volatility's
	// iteration (step 5 of the paper).
	Epsilon = 0.000001
	// Scale converts the Glicko scale to Glicko-2's (173.7178 in the
	// paper: 400/ln 10).
	Scale = 173.7178
	// Provisional is the deviation above which a rating is shown as
	// provisional (about ten games against established players).
	Provisional = 110.0
)

// Rating is a player's Glicko-2 rating on the Glicko scale.
type Rating struct {
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
}

// New is a new player's rating.
func New() Rating { return Rating{Initial, InitialDeviation, InitialVolatility} }

// IsProvisional reports whether the deviation is still above Provisional.
func (r Rating) IsProvisional() bool { return r.Deviation > Provisional }

// Result is one game of a rating period: the opponent's rating and the
// score, 1 for a win, 0.5 for a draw, 0 for a loss.
type Result struct {
	Opponent Rating
	Score    float64
}

// Update is r after a rating period with results (steps 2 to 8 of the
// paper). With no results only the deviation grows (step 6).
func Update(r Rating, results []Result) Rating {
	mu := (r.Rating - Initial) / Scale
	phi := r.Deviation / Scale
	sigma := r.Volatility
	if len(results) == 0 {
		return Rating{r.Rating, math.Min(InitialDeviation, math.Sqrt(phi*phi+sigma*sigma)*Scale), sigma}
	}
	// Step 3 and 4: the estimated variance v and improvement delta.
	var vInv, sum float64
	for _, res := range results {
		muj := (res.Opponent.Rating - Initial) / Scale
		phij := res.Opponent.Deviation / Scale
		g := gOf(phij)
		e := expected(mu, muj, g)
		vInv += g * g * e * (1 - e)
		sum += g * (res.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility.
	sigma = volatility(delta, phi, v, sigma)
	// Steps 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	return Rating{mu*Scale + Initial, math.Min(InitialDeviation, phi*Scale), sigma}
}

func gOf(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muj, g float64) float64 { return 1 / (1 + math.Exp(-g*(mu-muj))) }

// volatility is step 5: the root of f by the Illinois algorithm.
func volatility(delta, phi, v, sigma float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 && k < 1000 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > Epsilon && i < 1000; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Game is one rated game between a and b from a's side: score is a's
// (1, 0.5 or 0). Both are updated from their ratings before the game.
func Game(a, b Rating, score float64) (Rating, Rating) {
	return Update(a, []Result{{b, score}}), Update(b, []Result{{a, 1 - score}})
}
