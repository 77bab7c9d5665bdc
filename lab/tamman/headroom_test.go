package tammanlab

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tabula/lab"
)

// A judge that searches as the player does finds no move she could have
// played better (its values are hers, so her move is among its best); a
// judge a ply deeper rates another move higher somewhere, and her loss by
// it is above 0.
func TestHeadroomIsNothingByThePlayersOwnSearch(t *testing.T) {
	*headroomPlayer, *headroomJudges, *headroomGames = "alphabeta:2/net", "alphabeta:2/net,alphabeta:3/net", 2
	defer func() { *headroomPlayer, *headroomJudges, *headroomGames = "alphabeta:4/net", "alphabeta:5/net", 20 }()
	var out strings.Builder
	if err := lab.Run(&out, func() (string, error) { return t.TempDir(), nil }, Headroom); err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^(\S+): (\d+) moves judged, another rated higher in (\d+) .*; lost a game by a seat (\S+) points`)
	got := line.FindAllStringSubmatch(out.String(), -1)
	if len(got) != 2 || got[0][1] != "alphabeta:2/net" || got[1][1] != "alphabeta:3/net" {
		t.Fatalf("want a line for each judge, got:\n%s", out.String())
	}
	if got[0][2] == "0" || got[0][2] != got[1][2] {
		t.Errorf("the judges judged %s and %s moves", got[0][2], got[1][2])
	}
	if got[0][3] != "0" || got[0][4] != "0.00" {
		t.Errorf("by her own search the player could have played %s moves better, losing %s points a game", got[0][3], got[0][4])
	}
	if deeper, _ := strconv.ParseFloat(got[1][4], 64); got[1][3] == "0" || deeper <= 0 {
		t.Errorf("a ply deeper the judge rated another move higher in %s moves, a loss of %s points a game", got[1][3], got[1][4])
	}
}
