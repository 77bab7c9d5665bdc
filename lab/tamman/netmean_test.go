package tammanlab

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"tabula/engine"
	"tabula/games/tamman"
	"tabula/games/tamman/tammanai"
)

// Networks joined by + judge by the mean of their chances.
func TestNetFilesJoinedByPlusJudgeByTheirMean(t *testing.T) {
	other, err := tammanai.TrainNet(engine.DefaultOptions(tamman.Game{}), tammanai.TrainConfig{Games: 2, Seed: 3, Alpha: 0.1, Lambda: 0.7, NetHidden: 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "other.txt")
	if err := os.WriteFile(path, tammanai.FormatNet(other, "a test"), 0o644); err != nil {
		t.Fatal(err)
	}
	committed := "../../games/tamman/tammanai/net.txt"
	mean, one, two := netEvalOf(committed+"+"+path), netEvalOf(committed), netEvalOf(path)
	parted := 0
	randomGame(t, 3, func(s *tamman.State, _ int) {
		a, b, m := one(s, nil), two(s, nil), mean(s, nil)
		if math.Abs(m[0]-(a[0]+b[0])/2) > 1e-12 {
			t.Fatalf("mean %v of %v and %v", m, a, b)
		}
		if math.Abs(a[0]-b[0]) > 0.01 {
			parted++
		}
	})
	if parted == 0 {
		t.Error("the two networks never differ: the test shows nothing")
	}
}
