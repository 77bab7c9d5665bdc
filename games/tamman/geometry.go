package tamman

import "tabula/engine"

// Board declares the state's board: the squares by place number (as
// traces number them) in files and ranks, each player's path from her 'ayn to habarti under
// the state's options, the named squares and how each is drawn, and the cowries of each throw.
func (s *State) Board() engine.Board {
	// The middle file and rank are wider, as in Marin's drawing.
	lines := []float64{1, 1, 1.4, 1, 1}
	g := engine.Board{Kind: "grid", Squares: make([]string, Squares), Files: lines, Ranks: lines,
		Named: map[string]string{Habarti.String(): "habarti"},
		Marks: map[string]string{"ayn": "eye", "dafandaf": "diamond", "habarti": "star"}}
	g.MouthsUp = make(map[int]int, len(throwValues))
	for up, v := range throwValues {
		g.MouthsUp[int(v)] = (up + 1) % len(throwValues) // throwValues[i] is i+1 up; 8 is none up
	}
	for q := range Squares {
		g.Squares[q] = Square(q).String()
	}
	for i := range Ayn {
		g.Named[Ayn[i].String()] = "ayn"
		g.Named[Dafandaf[i].String()] = "dafandaf"
	}
	for p := range int(s.r.players) {
		path := make([]string, Steps+1)
		for k, q := range s.r.path[p] {
			path[k] = q.String()
		}
		g.Paths = append(g.Paths, path)
	}
	return g
}
