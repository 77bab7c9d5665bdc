package tamman

// Geometry is what a drawing of the board needs beyond the state's JSON:
// the squares by place number (as traces number them), each player's path
// from her 'ayn to habarti under the state's options, and the named
// squares.
type Geometry struct {
	Kind    string            `json:"kind"`    // "grid": squares in files and ranks
	Squares []string          `json:"squares"` // place number -> square name
	Paths   [][]string        `json:"paths"`   // each player's path, 'ayn first
	Named   map[string]string `json:"named"`   // square -> "ayn", "dafandaf" or "habarti"
	// MouthsUp gives, for each throw value, the cowries that lie mouth up
	// (none for a tamman, 8), so that a drawing shows a throw as it fell.
	MouthsUp map[int]int `json:"mouthsUp"`
}

// Board gives the geometry of the state's board.
func (s *State) Board() any {
	g := Geometry{Kind: "grid", Squares: make([]string, Squares), Named: map[string]string{Habarti.String(): "habarti"}}
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
