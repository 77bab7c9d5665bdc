package tammanai

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"tabula/games/tamman"
)

// This file holds the learned evaluation (LearnedEval): a linear score of
// each player's position in features that name what decides a race of
// throws, its weights learned by self-play with TD(lambda) (train.go) and
// kept in learned.txt.

// The features of one player's position, each from her own side:
// featStep+k is how many of her men stand on step k of her path (habarti
// is step 24), featDanger the steps her men stand to lose to the enemies'
// next throws (danger, in 24ths), featRace the steps still to go (in
// 96ths) and featRace2 its square, featHeld and featOwed the throws she
// holds (their sum, in 8ths) and is owed (a count) when the turn is hers,
// featMoving 1 when she is to move now.
const (
	featStep   = 0
	featDanger = tamman.Home + 1 + iota - 1
	featRace
	featRace2
	featHeld
	featOwed
	featMoving
	// NumFeatures is the length of a weight vector.
	NumFeatures
)

// Weights are the coefficients of LearnedEval, one for each feature.
type Weights [NumFeatures]float64

// features writes player p's features to f.
func features(s *tamman.State, p int, f *[NumFeatures]float64) {
	*f = [NumFeatures]float64{}
	togo := 0
	for _, k := range s.Steps(p) {
		f[featStep+k]++
		togo += tamman.Home - k
	}
	for e := 0; e < s.NumPlayers(); e++ {
		if e != p {
			f[featDanger] += danger(s, p, e) / tamman.Steps
		}
	}
	race := float64(togo) / (4 * tamman.Steps)
	f[featRace], f[featRace2] = race, race*race
	if s.Phase() != tamman.Over && s.Turn() == p {
		held := 0
		var pool [maxPool]int
		for _, v := range s.AppendThrows(pool[:0]) {
			held += v
		}
		f[featHeld] = float64(held) / 8
		if s.Phase() == tamman.ThrowPhase {
			f[featOwed] = float64(s.ThrowsOwed())
		} else {
			f[featMoving] = 1
		}
	}
}

// score is w times player p's features.
func score(s *tamman.State, w *Weights, p int) float64 {
	var f [NumFeatures]float64
	features(s, p, &f)
	x := 0.0
	for i, v := range f {
		x += w[i] * v
	}
	return x
}

// LearnedEval judges each player by her learned score less the best
// opponent's: with two players, the log-odds that she wins, as the
// self-play taught it; +/-100 once the game is won.
func LearnedEval(s *tamman.State, dst []float64) []float64 {
	return evalWith(s, learned(), dst)
}

// evalWith is LearnedEval by the weights w.
func evalWith(s *tamman.State, w *Weights, dst []float64) []float64 {
	n := s.NumPlayers()
	var sc [4]float64
	for p := 0; p < n; p++ {
		sc[p] = score(s, w, p)
	}
	for p := 0; p < n; p++ {
		if s.Phase() == tamman.Over {
			dst = append(dst, 100*float64(2*b2i(s.Winner() == p)-1))
			continue
		}
		best := math.Inf(-1)
		for q := 0; q < n; q++ {
			if q != p {
				best = max(best, sc[q])
			}
		}
		dst = append(dst, sc[p]-best)
	}
	return dst
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// learnedText is the weights `tabula train --game tamman` learned
// (docs/ai.md has the command).
//
//go:embed learned.txt
var learnedText []byte

// learned is LearnedEval's weights, decoded when first asked for.
var learned = sync.OnceValue(func() *Weights {
	w, err := ParseWeights(learnedText)
	if err != nil {
		panic("tammanai: learned.txt: " + err.Error())
	}
	return w
})

// ParseWeights reads weights written by FormatWeights: lines "# ..."
// (comments) and one number a line, NumFeatures of them.
func ParseWeights(text []byte) (*Weights, error) {
	var w Weights
	if err := parseNumbers(text, w[:]); err != nil {
		return nil, err
	}
	return &w, nil
}

// FormatWeights writes w one number a line, after the comment lines of
// header.
func FormatWeights(w *Weights, header string) []byte {
	var b bytes.Buffer
	formatNumbers(&b, header, w[:])
	return b.Bytes()
}

// parseNumbers fills dst from text: lines "# ..." (comments) and one
// finite number a line, exactly len(dst) of them.
func parseNumbers(text []byte, dst []float64) error {
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if n == len(dst) {
			return fmt.Errorf("line %d: more than %d weights", line, len(dst))
		}
		v, err := strconv.ParseFloat(t, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("line %d: %q is not a finite number", line, t)
		}
		dst[n] = v
		n++
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if n != len(dst) {
		return fmt.Errorf("%d weights, want %d", n, len(dst))
	}
	return nil
}

// weightDigits is the significant digits a weight is written with.
const weightDigits = 8

// formatNumbers writes the comment lines of header, then vs one number a
// line, as parseNumbers reads them.
func formatNumbers(b *bytes.Buffer, header string, vs []float64) {
	if header != "" {
		for _, l := range strings.Split(strings.TrimSpace(header), "\n") {
			fmt.Fprintf(b, "# %s\n", l)
		}
	}
	for _, v := range vs {
		fmt.Fprintf(b, "%s\n", strconv.FormatFloat(v, 'g', weightDigits, 64))
	}
}
