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
		return 0, engine.NewError("tamman.throw_form", "text", strconv.Quote(text))
	}
	if text == "pass" {
		return Pass, nil
	}
	sq, num, ok := strings.Cut(text, "+")
	q, okq := parseSquare(sq)
	if !ok || !okq {
		return 0, engine.NewError("tamman.move_form", "text", strconv.Quote(text))
	}
	v, ok := parseThrow(num)
	if !ok {
		return 0, engine.NewError("tamman.throw_number", "text", strconv.Quote(text), "max", maxThrowText)
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

// Details gives the men and throws for the state's views:
//   - pieces: for each player, the squares of her four men, least advanced
//     first ("c3" is habarti);
//   - steps: for each player, how far each man has gone along his path (0:
//     on the 'ayn, 24: on habarti), in the order of pieces;
//   - seats: each player's 'ayn;
//   - throws: the values thrown and not yet used this turn, ascending;
//   - phase: "throw" (a throw is due), "move" or "over";
//   - turn: the player whose turn it is;
//   - thrower: the player who throws, only while a throw is due;
//   - extraThrows, captureThrows: how many of the turn's opening throws and
//     how many capture throws are still due;
//   - captured: the number of men the last move sent back;
//   - lost: the number of throws lost when the last turn ended; zeroed: it
//     ended with 8, 8, 8.
func (s *State) Details() engine.Details {
	n := int(s.r.players)
	pieces, steps, seats := make([][]string, n), make([][]int, n), make([]string, n)
	for p := 0; p < n; p++ {
		men := s.Men(p)
		pieces[p] = make([]string, 4)
		for i, q := range men {
			pieces[p][i] = q.String()
		}
		st := s.Steps(p)
		steps[p] = st[:]
		seats[p] = s.Seat(p).String()
	}
	d := make(engine.Details, 0, 12).
		With("pieces", pieces).
		With("steps", steps).
		With("seats", seats).
		With("throws", s.Throws()).
		With("phase", s.phase.String()).
		With("turn", int(s.turn))
	if s.phase == ThrowPhase {
		d = d.With("thrower", int(s.turn))
	}
	return d.
		With("extraThrows", s.ExtraThrowsDue()).
		With("captureThrows", int(s.capDue)).
		With("captured", int(s.captured)).
		With("lost", int(s.lost)).
		With("zeroed", s.zeroed)
}

// String draws the board in English: Draw("en").
func (s *State) String() string { return s.Draw("en") }

// Draw draws the board with rank 5 on top, with its words in lang: each
// square's name, its kind ('ayn A, dafandaf D, habarti H) and the men on
// it, one digit (the player) per man; then the men and throws of each
// player.
func (s *State) Draw(lang string) string {
	w := engine.WordsOf(Game{}.Catalogue().Words)
	say := func(key string, args ...any) string { return engine.Say(lang, w, key, args...) }
	throws := func(vs []int) string {
		if len(vs) == 0 {
			return say("b_none")
		}
		parts := make([]string, len(vs))
		for i, v := range vs {
			parts[i] = say("b_throw", "value", v, "name", engine.Message{Key: "chance_t" + strconv.Itoa(v)})
		}
		return strings.Join(parts, ", ")
	}
	var cells [Squares][]byte
	for p := 0; p < int(s.r.players); p++ {
		for _, q := range s.Men(p) {
			cells[q] = append(cells[q], byte('0'+p))
		}
	}
	const cw = 9
	var b strings.Builder
	line := "   +" + strings.Repeat(strings.Repeat("-", cw)+"+", 5) + "\n"
	b.WriteString(line)
	for rank := 4; rank >= 0; rank-- {
		fmt.Fprintf(&b, " %d |", rank+1)
		for file := 0; file < 5; file++ {
			q := Square(file + 5*rank)
			fmt.Fprintf(&b, "%-*s|", cw, " "+q.String()+" "+kind(q))
		}
		b.WriteString("\n   |")
		for file := 0; file < 5; file++ {
			fmt.Fprintf(&b, "%-*s|", cw, " "+menText(cells[file+5*rank], cw-1))
		}
		b.WriteString("\n" + line)
	}
	files := strings.Repeat(" ", 4+cw/2)
	for file := 0; file < 5; file++ {
		files += fmt.Sprintf("%-*c", cw+1, 'a'+file)
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
		b.WriteString(mark + " " + say("b_player", "n", p, "ayn", s.Seat(p).String(), "steps", strings.Join(steps, ", "), "home", s.Home(p)) + "\n")
	}
	switch {
	case s.phase == Over:
		b.WriteString(say("b_won", "n", int(s.winner)))
	case s.capDue > 0:
		b.WriteString(say("b_captureDue", "n", int(s.turn), "due", engine.Count{Noun: "captureThrows", N: int(s.capDue)}, "waiting", throws(s.Throws())))
	case s.phase == ThrowPhase && s.seq == 0:
		b.WriteString(say("b_toThrow", "n", int(s.turn)))
	case s.phase == ThrowPhase:
		b.WriteString(say("b_extraDue", "n", int(s.turn), "due", engine.Count{Noun: "extraThrows", N: int(s.due)}, "thrown", throws(s.Throws())))
	default:
		b.WriteString(say("b_toMove", "n", int(s.turn), "waiting", throws(s.Throws())))
	}
	return b.String() + "\n"
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

// Legend explains the letters and numbers of the drawing, for the
// terminal to show once.
func (s *State) Legend() []engine.Message {
	return []engine.Message{{Key: "legend_letters"}, {Key: "legend_steps"}}
}
