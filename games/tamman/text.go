package tamman

import (
	"fmt"
	"strconv"
	"strings"

	"tabula/engine"
)

// maxThrowText is the largest throw value a move's text may name: a total
// of capture throws (12 men times 8) stays below it.
const maxThrowText = 255

// MoveText gives "t3" for a throw and "c1+3" for a move.
func (s *State) MoveText(player int, m engine.Move) string { return moveText(player, m) }

func moveText(player int, m engine.Move) string {
	if player == engine.ChancePlayer {
		return "t" + strconv.Itoa(int(m))
	}
	if m == Pass {
		return "pass"
	}
	return Square(m>>8).String() + "+" + strconv.Itoa(int(m&0xff))
}

// ParseMove reads "t1", "t2", "t3", "t4" or "t8" for chance, and
// "SQUARE+N" (a square a1-e5, a throw value 1-255 without leading zeros) or
// "pass" for a player.
func (s *State) ParseMove(player int, text string) (engine.Move, error) {
	return parseMove(player, text)
}

func parseMove(player int, text string) (engine.Move, error) {
	if player == engine.ChancePlayer {
		switch text {
		case "t1", "t2", "t3", "t4", "t8":
			return engine.Move(text[1] - '0'), nil
		}
		return 0, fmt.Errorf("tamman: a throw is t1, t2, t3, t4 or t8, not %q", text)
	}
	if text == "pass" {
		return Pass, nil
	}
	sq, num, ok := strings.Cut(text, "+")
	q, okq := parseSquare(sq)
	if !ok || !okq {
		return 0, fmt.Errorf("tamman: a move is SQUARE+THROW such as c1+3, not %q", text)
	}
	v, ok := parseThrow(num)
	if !ok {
		return 0, fmt.Errorf("tamman: %q: the throw after '+' is a number 1-%d", text, maxThrowText)
	}
	return engine.Move(q)<<8 | engine.Move(v), nil
}

// parseThrow reads 1-255 written without sign or leading zeros.
func parseThrow(s string) (int, bool) {
	if len(s) == 0 || len(s) > 3 || s[0] == '0' {
		return 0, false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = 10*v + int(s[i]-'0')
	}
	return v, v <= maxThrowText
}

// ThrowName gives the source's name of a throw: wahid (1), tinteyn (2),
// talad (3), waraq (4) or tamman (8); other values (totals under
// throw-use=total) have none.
func ThrowName(v int) string {
	switch v {
	case 1:
		return "wahid"
	case 2:
		return "tinteyn"
	case 3:
		return "talad"
	case 4:
		return "waraq"
	case 8:
		return "tamman"
	}
	return ""
}

// throwsText lists throws with their names: "3 (talad), 4 (waraq)".
func throwsText(vs []int) string {
	if len(vs) == 0 {
		return "none"
	}
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = strconv.Itoa(v)
		if n := ThrowName(v); n != "" {
			parts[i] += " (" + n + ")"
		}
	}
	return strings.Join(parts, ", ")
}

// Details is the game-specific part of the state's JSON.
type Details struct {
	// Pieces holds, for each player, the squares of her four men, least
	// advanced first ("c3" is habarti).
	Pieces [][]string `json:"pieces"`
	// Steps holds, for each player, how far each man has gone along his
	// path (0: on the 'ayn, 24: on habarti), in the order of Pieces.
	Steps [][]int `json:"steps"`
	// Seats gives each player's 'ayn.
	Seats []string `json:"seats"`
	// Throws are the values thrown and not yet used this turn, ascending.
	Throws []int `json:"throws"`
	// Phase is "throw" (a throw is due), "move" or "over".
	Phase string `json:"phase"`
	// Turn is the player whose turn it is.
	Turn int `json:"turn"`
	// Thrower is the player who throws, while a throw is due.
	Thrower *int `json:"thrower,omitempty"`
	// ExtraThrows is how many of the turn's opening throws are still due;
	// CaptureThrows how many capture throws are.
	ExtraThrows   int `json:"extraThrows"`
	CaptureThrows int `json:"captureThrows"`
	// Captured is the number of men the last move sent back.
	Captured int `json:"captured"`
	// Lost is the number of throws lost when the last turn ended;
	// Zeroed says it ended with 8, 8, 8.
	Lost   int  `json:"lost"`
	Zeroed bool `json:"zeroed"`
}

// Details returns the men and throws for the state's JSON.
func (s *State) Details() any {
	n := int(s.r.players)
	d := Details{Pieces: make([][]string, n), Steps: make([][]int, n), Seats: make([]string, n),
		Throws: s.Throws(), Phase: s.phase.String(), Turn: int(s.turn),
		ExtraThrows: s.ExtraThrowsDue(), CaptureThrows: int(s.capDue),
		Captured: int(s.captured), Lost: int(s.lost), Zeroed: s.zeroed}
	for p := 0; p < n; p++ {
		men := s.Men(p)
		d.Pieces[p] = make([]string, 4)
		for i, q := range men {
			d.Pieces[p][i] = q.String()
		}
		st := s.Steps(p)
		d.Steps[p] = st[:]
		d.Seats[p] = s.Seat(p).String()
	}
	if s.phase == ThrowPhase {
		t := int(s.turn)
		d.Thrower = &t
	}
	return d
}

// String draws the board with rank 5 on top: each square's name, its kind
// ('ayn A, dafandaf D, habarti H) and the men on it, one digit (the
// player) per man; then the men and throws of each player.
func (s *State) String() string {
	var cells [Squares][]byte
	for p := 0; p < int(s.r.players); p++ {
		for _, q := range s.Men(p) {
			cells[q] = append(cells[q], byte('0'+p))
		}
	}
	const w = 9
	var b strings.Builder
	line := "   +" + strings.Repeat(strings.Repeat("-", w)+"+", 5) + "\n"
	b.WriteString(line)
	for rank := 4; rank >= 0; rank-- {
		fmt.Fprintf(&b, " %d |", rank+1)
		for file := 0; file < 5; file++ {
			q := Square(file + 5*rank)
			fmt.Fprintf(&b, "%-*s|", w, " "+q.String()+" "+kind(q))
		}
		b.WriteString("\n   |")
		for file := 0; file < 5; file++ {
			fmt.Fprintf(&b, "%-*s|", w, " "+menText(cells[file+5*rank], w-1))
		}
		b.WriteString("\n" + line)
	}
	files := strings.Repeat(" ", 4+w/2)
	for file := 0; file < 5; file++ {
		files += fmt.Sprintf("%-*c", w+1, 'a'+file)
	}
	b.WriteString(strings.TrimRight(files, " ") + "\n")
	for p := 0; p < int(s.r.players); p++ {
		mark := " "
		if int(s.turn) == p && s.phase != Over {
			mark = ">"
		}
		st := s.Steps(p)
		steps := make([]string, len(st))
		for i, k := range st {
			steps[i] = strconv.Itoa(k)
		}
		fmt.Fprintf(&b, "%s player %d ('ayn %s): steps %s; %d on habarti\n", mark, p, s.Seat(p), strings.Join(steps, ", "), s.Home(p))
	}
	switch {
	case s.phase == Over:
		fmt.Fprintf(&b, "player %d has all four men on habarti\n", s.winner)
	case s.capDue > 0:
		fmt.Fprintf(&b, "player %d: %s due; throws waiting: %s\n", s.turn, count(int(s.capDue), "capture throw"), throwsText(s.Throws()))
	case s.phase == ThrowPhase && s.seq == 0:
		fmt.Fprintf(&b, "player %d to throw\n", s.turn)
	case s.phase == ThrowPhase:
		fmt.Fprintf(&b, "player %d: %s due; thrown so far: %s\n", s.turn, count(int(s.due), "extra throw"), throwsText(s.Throws()))
	default:
		fmt.Fprintf(&b, "player %d to move; throws waiting: %s\n", s.turn, throwsText(s.Throws()))
	}
	return b.String()
}

// kind marks the named squares: A for 'ayn, D for dafandaf, H for habarti.
func kind(q Square) string {
	switch {
	case q == Habarti:
		return "H"
	case q.IsAyn():
		return "A"
	}
	for _, d := range Dafandaf {
		if q == d {
			return "D"
		}
	}
	return ""
}

// menText lists the men of a square, one player digit per man, or counts
// ("0:4 1:3") when that is too long.
func menText(men []byte, w int) string {
	if len(men) <= w {
		return string(men)
	}
	var parts []string
	for i := 0; i < len(men); {
		j := i
		for j < len(men) && men[j] == men[i] {
			j++
		}
		parts = append(parts, fmt.Sprintf("%c:%d", men[i], j-i))
		i = j
	}
	return strings.Join(parts, " ")
}

// Position describes a position to set up, for tests, puzzles and studies.
type Position struct {
	// Turn is the player whose turn it is.
	Turn int
	// Men gives, for each player, the squares of her four men ("c3" for
	// habarti). Each square is on every path once, so it fixes the step.
	Men [][]string
	// Throws are the values waiting to be used. With none and no capture
	// throws due, the turn's first throw is due.
	Throws []int
	// CaptureThrows is the number of capture throws still to be thrown.
	CaptureThrows int
}

// FromPosition sets up a position under the given options. With throws
// waiting and no capture throws due, the turn goes on as after its last
// throw: if no man can use any throw, they are lost and the next player's
// turn begins.
func FromPosition(opts engine.Options, pos Position) (*State, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err
	}
	n := int(s.r.players)
	if len(pos.Men) != n {
		return nil, fmt.Errorf("tamman: position has men for %d players, the game has %d", len(pos.Men), n)
	}
	if pos.Turn < 0 || pos.Turn >= n {
		return nil, fmt.Errorf("tamman: turn %d is not a player", pos.Turn)
	}
	for p, squares := range pos.Men {
		if len(squares) != 4 {
			return nil, fmt.Errorf("tamman: player %d has %d men, not 4", p, len(squares))
		}
		for i, name := range squares {
			q, ok := parseSquare(name)
			if !ok {
				return nil, fmt.Errorf("tamman: %q is not a square", name)
			}
			s.men[p][i] = s.r.step[p][q]
		}
		sortMen(&s.men[p])
		s.setOcc(p)
	}
	if len(pos.Throws)+pos.CaptureThrows > maxPool || pos.CaptureThrows < 0 {
		return nil, fmt.Errorf("tamman: at most %d throws may wait", maxPool)
	}
	s.turn = uint8(pos.Turn)
	for p := 0; p < n; p++ {
		if s.men[p][0] == Home {
			s.phase, s.winner = Over, int8(p)
			return s, nil
		}
	}
	for _, v := range pos.Throws {
		if v < 1 || v > maxThrowText {
			return nil, fmt.Errorf("tamman: throw %d out of range", v)
		}
		s.push(uint8(v))
	}
	switch {
	case pos.CaptureThrows > 0:
		s.seq, s.due = 0, 0
		s.capDue = uint8(pos.CaptureThrows)
	case len(pos.Throws) > 0:
		s.startMoves(nil)
	}
	return s, nil
}

// ChanceText says who throws the cowries and why, for people: "player 1
// throws t4 (waraq): an extra throw for a 4".
func (s *State) ChanceText(m engine.Move) string {
	text := fmt.Sprintf("player %d throws %s", s.turn, moveText(engine.ChancePlayer, m))
	if name := ThrowName(int(m)); name != "" {
		text += " (" + name + ")"
	}
	return text + ": " + s.throwReason()
}

// throwReason says why the throw now due is made: the turn's throw, an
// extra throw the turn's first throw earned (one for a 4, two for an 8),
// or a capture throw for each man sent back.
func (s *State) throwReason() string {
	switch {
	case s.phase != ThrowPhase:
		return "no throw is due"
	case s.capDue > 1:
		return fmt.Sprintf("a capture throw for a man sent back (%d due)", s.capDue)
	case s.capDue == 1:
		return "a capture throw for a man sent back"
	case s.seq == 0:
		return "the turn's throw"
	case s.seq == 1 && s.due == 1:
		return "an extra throw for a 4"
	case s.seq == 1:
		return "the first of two extra throws for an 8"
	}
	return "the second extra throw for an 8"
}

// Narrate says what the last throw or move did that the board does not
// show: the men a move sent back (whose, from where), a turn of 8, 8, 8
// that scores nothing, or throws lost when a turn ends. before is the
// state it was applied to.
func (s *State) Narrate(before engine.State) []string {
	b, ok := before.(*State)
	if !ok || s.ply != b.ply+1 {
		return nil
	}
	if b.phase == MovePhase && s.captured > 0 {
		return []string{s.caughtText(int(b.turn))}
	}
	if s.phase == Over || s.turn == b.turn {
		return nil
	}
	// The turn has just passed to the next player.
	switch {
	case s.zeroed && s.r.reset:
		return []string{fmt.Sprintf("8, 8, 8: the turn scores nothing, and player %d's men in play go back to the 'ayn", b.turn)}
	case s.zeroed:
		return []string{"8, 8, 8: the turn scores nothing"}
	case s.lost > 0:
		return []string{fmt.Sprintf("player %d's turn ends: %s no man can use lost", b.turn, count(int(s.lost), "throw"))}
	}
	return nil
}

// caughtText says what the last move, player p's, sent back: "player 0
// sent 2 men of player 1 back to the 'ayn, from c2, d2".
func (s *State) caughtText(p int) string {
	var whose, from []string
	for e := 0; e < int(s.r.players); e++ {
		if s.caughtOf&(1<<e) != 0 {
			whose = append(whose, fmt.Sprintf("player %d", e))
		}
	}
	for q := Square(0); q < Squares; q++ {
		if s.caughtOn&(1<<q) != 0 {
			from = append(from, q.String())
		}
	}
	men := fmt.Sprintf("%d men", s.captured)
	if s.captured == 1 {
		men = "1 man"
	}
	text := fmt.Sprintf("player %d sent %s of %s back to the 'ayn, from %s",
		p, men, strings.Join(whose, " and "), strings.Join(from, ", "))
	if s.phase != Over {
		text += "; a capture throw is due for each"
	}
	return text
}

// Legend explains the letters and numbers of the drawing, for the
// terminal to show once.
func (s *State) Legend() string {
	return "A: a player's 'ayn (her men start there), D: dafandaf (safe), H: habarti (the end of every path)\n" +
		"steps: how far each man has gone along his path, from 0 (on his 'ayn) to 24 (on habarti)\n"
}

// count gives "1 throw", "2 throws".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
