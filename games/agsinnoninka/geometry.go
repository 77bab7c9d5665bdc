package agsinnoninka

// Geometry is what a drawing of the board needs beyond the state's JSON:
// the places that traces number (holes 0-9, then the stores) and who owns
// each hole.
type Geometry struct {
	Kind   string `json:"kind"`   // "mancala": two rows of holes and a store each
	Holes  int    `json:"holes"`  // holes are places 0..Holes-1
	Stores []int  `json:"stores"` // the place of each player's store
	Owners []int  `json:"owners"` // the player whose row each hole is in
}

// Board gives the geometry of the board: player 0 owns holes 5-9, player
// 1 holes 0-4; player p's store is place Holes+p.
func (s *State) Board() any {
	g := Geometry{Kind: "mancala", Holes: Holes, Stores: []int{Holes, Holes + 1}, Owners: make([]int, Holes)}
	for h := range Holes {
		if h < Holes/2 {
			g.Owners[h] = 1
		}
	}
	return g
}
