package tamman

import "fmt"

// Squares is the number of squares of the 5x5 board.
const Squares = 25

// Steps is the length of every path: a man on step 0 is on his 'ayn, a man
// on step Home is on habarti.
const Steps = 24

// Home is the path step of habarti, the centre square c3.
const Home = Steps

// Square is a board square: file + 5*rank, so a1 = 0, e1 = 4, a2 = 5, c3 =
// 12, e5 = 24. Files a-e run left to right, ranks 1-5 bottom to top.
type Square uint8

// Named squares of the board.
const (
	C1      Square = 2  // 'ayn of seat 0
	E3      Square = 14 // 'ayn of seat 1
	C5      Square = 22 // 'ayn of seat 2
	A3      Square = 10 // 'ayn of seat 3
	Habarti Square = 12 // c3, the goal
)

// Ayn lists the four 'ayn ("spring", "eye"), the safe squares where the men
// start, in seat order.
var Ayn = [4]Square{C1, E3, C5, A3}

// Dafandaf lists the four squares between an 'ayn and habarti (c2, d3, c4,
// b3), in seat order.
var Dafandaf = [4]Square{7, 13, 17, 11}

// aynMask has a bit for each 'ayn.
const aynMask = 1<<C1 | 1<<E3 | 1<<C5 | 1<<A3

// String gives the square's name ("c1").
func (q Square) String() string {
	if q >= Squares {
		return fmt.Sprintf("Square(%d)", uint8(q))
	}
	return string([]byte{'a' + byte(q%5), '1' + byte(q/5)})
}

// IsAyn reports whether q is one of the four 'ayn.
func (q Square) IsAyn() bool { return q < Squares && aynMask&(1<<q) != 0 }

// parseSquare reads a square name "a1".."e5".
func parseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'e' || s[1] < '1' || s[1] > '5' {
		return 0, false
	}
	return Square(s[0]-'a') + 5*Square(s[1]-'1'), true
}

// seat0Path is the path of the man who starts on c1, as the issue gives it:
// anti-clockwise round the outer ring from c1 to b1, left onto the inner
// ring and clockwise round it from b2 to c2, then habarti.
var seat0Path = [Steps + 1]string{
	"c1", "d1", "e1", "e2", "e3", "e4", "e5", "d5", "c5", "b5", "a5", "a4", "a3", "a2", "a1", "b1",
	"b2", "b3", "b4", "c4", "d4", "d3", "d2", "c2",
	"c3",
}

// rotate turns a square 90 degrees anti-clockwise about c3: (x, y) becomes
// (4-y, x), so c1 goes to e3, e3 to c5, c5 to a3.
func rotate(q Square) Square {
	x, y := q%5, q/5
	return (4 - y) + 5*x
}

// seatPaths holds each seat's path; seatPaths[s][k] is the square of step k.
var seatPaths = func() (p [4][Steps + 1]Square) {
	for k, name := range seat0Path {
		q, ok := parseSquare(name)
		if !ok {
			panic("tamman: bad path square " + name)
		}
		for s := 0; s < 4; s++ {
			p[s][k] = q
			q = rotate(q)
		}
	}
	return p
}()

// Path returns the 25 squares of seat s's path (0: c1, 1: e3, 2: c5, 3:
// a3), from its 'ayn (step 0) to habarti (step 24).
func Path(seat int) [Steps + 1]Square { return seatPaths[seat] }

// seatsFor gives the seats of the players in turn order: two players sit
// opposite (c1, c5), three take c1, e3, c5, four take all four, the turn
// going round anti-clockwise (c1, e3, c5, a3). Clockwise, it goes c1, a3,
// c5, e3 (three players: c1, a3, c5).
func seatsFor(players int, clockwise bool) []int {
	var seats []int
	switch players {
	case 2:
		seats = []int{0, 2}
	case 3:
		seats = []int{0, 1, 2}
	default:
		seats = []int{0, 1, 2, 3}
	}
	if clockwise {
		for i, s := range seats {
			seats[i] = (4 - s) % 4
		}
	}
	return seats
}
