package engine

// Board is what a drawing of a game's board needs beyond the state: its
// kind, its size, the places that traces number and the special ones. A
// game declares it (Boarder) and the browser draws what it declares.
type Board struct {
	// Kind is "mancala" (two rows of holes and a store each) or "grid"
	// (squares in files and ranks).
	Kind string
	// Holes is the number of holes of a mancala board (places 0..Holes-1);
	// Stores gives each player's store place and Owners the player whose
	// row each hole is in.
	Holes          int
	Stores, Owners []int
	// Squares names the places of a grid by number (as traces number them):
	// place q is on file q%len(Files) and rank q/len(Files). Files gives
	// the width of each file, left to right, and Ranks the height of each
	// rank, bottom to top, in the same unit.
	Squares      []string
	Files, Ranks []float64
	// Paths is each player's path, its start first.
	Paths [][]string
	// Named gives the kind of each special square ("ayn", "dafandaf",
	// "habarti"), which is also the key of its name in the game's words;
	// Marks gives the drawing of each kind: "eye", "diamond" or "star".
	Named, Marks map[string]string
	// MouthsUp gives, for a throw of cowries, how many lie mouth up, so
	// that a drawing shows a throw as it fell.
	MouthsUp map[int]int
}

// Boarder is implemented by states that declare their board.
type Boarder interface {
	Board() Board
}

// MancalaBoard is a two-row mancala board of holes holes: player 1 owns
// the first half, player 0 the second; player p's store is place holes+p.
func MancalaBoard(holes int) Board {
	b := Board{Kind: "mancala", Holes: holes, Stores: []int{holes, holes + 1}, Owners: make([]int, holes)}
	for h := range holes / 2 {
		b.Owners[h] = 1
	}
	return b
}

// Placer is implemented by states that say where a move starts without
// playing it (a sowing's hole): the place a drawing offers it on. view
// asks it in simultaneous turns, whose moves cannot be traced one by one.
type Placer interface {
	MoveFrom(player int, m Move) int
}
