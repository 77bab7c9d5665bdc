package research

import (
	"tabula/ai"
	"tabula/engine"
)

// Leader is implemented by states that say who leads by the game's own
// measure (race distance covered in Tamman, seeds in the mancalas): one
// number per player, higher leads. Without it the workbench uses Scores.
type Leader interface {
	Standing(dst []float64) []float64
}

// Safeguarded is implemented by states whose games can be ended by a
// safeguard that is not in the source (a repetition rule, a move or round
// cap). Safeguard names the one that ended the game or, in a match, a
// round or a move of the last turn; "" when none did.
type Safeguarded interface {
	Safeguard() string
}

// Turner is implemented by games whose players' turns are not their
// plies: Turn is the player whose turn it is, chance events included (a
// Tamman turn is its throws and every move they allow, or none).
// Without it each ply is a turn.
type Turner interface {
	Turn() int
}

// Rounded is implemented by games played as a match of rounds.
type Rounded interface {
	Round() int
}

// Result is what one game gave: one JSON line of a run.
type Result struct {
	Reading int  `json:"r"`
	Game    int  `json:"g"`
	Skill   bool `json:"skill,omitempty"` // a skill game: Skill against random
	// Winner is the winning seat, -1 for a draw; Agent is the winner's
	// agent (index in the agents of the game's kind), -1 for a draw.
	Winner int    `json:"w"`
	Agent  int    `json:"a"`
	Stall  string `json:"stall,omitempty"` // the safeguard that fired, if any
	// Plies counts the decisions applied (a simultaneous turn once, chance
	// events not at all); Turns the players' turns (docs/metrics.md).
	Plies  int `json:"plies"`
	Turns  int `json:"turns"`
	Rounds int `json:"rounds,omitempty"`
	// Decisions counts each actor's choice at each ply, its moves;
	// Choices those with more than one legal move, Options their legal
	// moves in all.
	Decisions int `json:"dec"`
	Choices   int `json:"choices"`
	Options   int `json:"options"`
	// LeadChanges counts the players' turns after which a player other
	// than the last sole leader leads alone.
	LeadChanges int `json:"leadChanges"`
	// Trailed: the winner was behind someone at half time (a comeback).
	Trailed bool `json:"trailed,omitempty"`
	// Secure is the share of the game's players' turns after which the
	// winner never again trails.
	Secure float64 `json:"secure"`
	// Margin is the winner's final lead over the best other player.
	Margin float64 `json:"margin"`
	// Lead is the winner's lead at 0%, 10%, ..., 100% of the turns.
	Lead []float64 `json:"lead,omitempty"`
	// Eval is what the search judged of the game's decisions, for the
	// games the probe watched (Config.Evaluate).
	Eval *EvalResult `json:"eval,omitempty"`
}

// Moves is the number of moves the players made: a simultaneous ply of
// two players is two moves.
func (r Result) Moves() int { return r.Decisions }

// leadPoints is the number of points of Result.Lead.
const leadPoints = 11

// maxPlies ends, as a stalled draw, a game that no safeguard of its own
// ends.
const maxPlies = 1_000_000

// Seed is the seed of game i's randomness for one purpose (a seat; -1
// chance; -3 a replication's seed, ReplicaSeed): the game and the purpose,
// each times an odd constant, xored into the run's seed, then an
// xor-shift, a multiplication and an xor-shift. That is less than the
// splitmix64 finaliser (engine.Mix64), and stays so: another mix would
// change every run's games. Every reading's game i gets the same seeds
// (common random numbers).
func Seed(seed uint64, game, purpose int) uint64 {
	x := seed ^ uint64(game)*0x9e3779b97f4a7c15 ^ uint64(purpose+2)*0xd1b54a32d192ed03
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 29
	return x
}

// skillSalt sets the skill games' seeds apart from the others'.
const skillSalt = 0x736b696c6c

// player is one goroutine's state, agents and buffers.
type player struct {
	plan *Plan
	s    []engine.State // a working state per reading
	// agents holds the agent of each reading, kind, seat and agent of
	// its kind (agentSlot), made once and reseeded for each game.
	agents  []ai.Agent
	loop    SelfPlay
	seatAgt []ai.Agent
	seats   int        // the most players of a reading
	specs   [][]string // agentSpecs by reading and kind (2*reading+1 for skill games), made once
	m       measures
	// plyByPly has the loop tell the measures each ply, never players'
	// turns at once (StandingsTallier), for the tests that compare the two.
	plyByPly bool
}

// agentSlot is the place in player.agents of the agent of reading r's
// seat and agent (index in its kind's agents), in a skill game or not;
// seats is the most players of a reading.
func agentSlot(r, seat, agent int, skill bool, seats int) int {
	k := 2 * r
	if skill {
		k++
	}
	return (k*seats+seat)*seats + agent
}

func newPlayer(p *Plan) *player {
	seats := 0
	for _, r := range p.Readings {
		seats = max(seats, r.Players)
	}
	return &player{plan: p, s: make([]engine.State, len(p.Readings)), seats: seats, agents: make([]ai.Agent, agentSlot(len(p.Readings), 0, 0, false, seats)), loop: SelfPlay{CountLegal: true, Turns: true, ShareDraws: len(p.Readings) > 1}}
}

// agentSpecs gives the agent in each seat of a game, before rotation.
func (p *Plan) agentSpecs(r Reading, skill bool) []string {
	specs := make([]string, r.Players)
	for k := range specs {
		switch {
		case skill && k == 0:
			specs[k] = p.Config.Skill
		case skill:
			specs[k] = "random"
		case len(p.Config.Agents) == 1:
			specs[k] = p.Config.Agents[0]
		default:
			specs[k] = p.Config.Agents[k]
		}
	}
	return specs
}

// CheckAgents makes every agent once, to turn a bad spec into an error
// before any game starts.
func (p *Plan) CheckAgents() error {
	for _, r := range p.Readings {
		for kind := 0; kind < p.Kinds; kind++ {
			for _, spec := range p.agentSpecs(r, kind == 1) {
				if _, err := ai.New(p.Game, spec, ai.Config{Options: r.opts}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// play plays one unit.
func (pl *player) play(u unit) (Result, error) {
	p := pl.plan
	rd := &p.Readings[u.reading] // not a copy of the reading a game
	n := rd.Players
	if pl.s[u.reading] == nil {
		pl.s[u.reading] = rd.start.Clone()
	}
	s := pl.s[u.reading]
	s.CopyFrom(rd.start)
	seed := p.Config.Seed
	if u.skill {
		seed ^= skillSalt
	}
	if pl.specs == nil {
		pl.specs = make([][]string, 2*len(p.Readings))
	}
	at := 2 * u.reading
	if u.skill {
		at++
	}
	if pl.specs[at] == nil {
		pl.specs[at] = p.agentSpecs(*rd, u.skill)
	}
	specs := pl.specs[at]
	pl.seatAgt = pl.seatAgt[:0]
	for seat := 0; seat < n; seat++ {
		idx := (seat + u.game) % n
		slot := &pl.agents[agentSlot(u.reading, seat, idx, u.skill, pl.seats)]
		if _, err := reseeded(slot, p.Game, specs[idx], ai.Config{Seed: Seed(seed, u.game, seat), Threads: 1, Options: rd.opts}); err != nil {
			return Result{}, err
		}
		pl.seatAgt = append(pl.seatAgt, *slot)
	}
	m := &pl.m
	m.start(s, Result{Reading: u.reading, Game: u.game, Skill: u.skill, Winner: -1, Agent: -1})
	m.pr = nil // judges the decisions of the first games (evaluate.go)
	if p.Config.Evaluate > 0 && !u.skill && u.game < p.Config.EvaluateGames {
		m.pr = newProbe(p.Config.Evaluate, Seed(seed, u.game, -4), s)
	}
	pl.loop.Moves = m.pr != nil
	var w Watcher = m
	if pl.plyByPly {
		w = struct{ Watcher }{m}
	}
	pl.loop.Play(s, pl.seatAgt, Draw{Mode: p.Config.Chance, Hash: p.Config.ChanceHash, Seed: Seed(seed, u.game, -1), NoChance: rd.noChance}, w)
	res := m.res
	pr := m.pr
	if r, ok := s.(Rounded); ok {
		res.Rounds = r.Round()
	}
	if o, ok := s.Outcome(); ok && !o.Draw() {
		res.Winner = o.Winner
		res.Agent = (o.Winner + u.game) % n
		m.winnerLead(&res, n)
	}
	if pr != nil {
		res.Eval = pr.result(res.Winner)
	}
	return res, nil
}

// measures watches a game for its Result (a Watcher).
type measures struct {
	res        Result
	n          int // players
	guard      Safeguarded
	lead       Leader    // s as a Leader, if it is one
	stand      []float64 // standings after each turn, players per row
	lastLeader int
	// lastLed is, for two players, the last standings row (turn) after
	// which each led alone, -1 if none, kept as the rows come: the winner
	// last trailed when the other last led, so winnerLead need not scan
	// the rows for it.
	lastLed [2]int
	leads   []float64 // room for the next games' Result.Lead
	// oneLead, if not nil, is every game's Result.Lead: a caller on the
	// player's goroutine that sums the curve (leadSums) or copies it before
	// the next game leaves no curve a game to collect.
	oneLead []float64
	pr      *probe // judges the decisions of the game, if not nil
}

// start readies m for a game from s.
func (m *measures) start(s engine.State, res Result) {
	m.res = res
	m.n = s.NumPlayers()
	m.guard, _ = s.(Safeguarded)
	m.lead, _ = s.(Leader)
	m.stand = m.standing(s, m.stand[:0])
	m.startLeads()
}

// startLeads readies the lead counts for a game whose standings so far are
// the starting row.
func (m *measures) startLeads() {
	m.lastLeader = -1
	m.lastLed = [2]int{-1, -1}
	if l := soleLeader(m.stand); m.n == 2 && l >= 0 {
		m.lastLed[l] = 0
	}
}

func (m *measures) Decision(legal int) {
	m.res.Decisions++
	if legal > 1 {
		m.res.Choices++
		m.res.Options += legal
	}
}

// Turn has the probe, if any, judge the position and see a player's
// turn.
func (m *measures) Turn(s engine.State, actors []int, moves []engine.Move) {
	if m.pr != nil && actors[0] != engine.ChancePlayer {
		m.pr.decide(s, actors)
		m.pr.see(s, moves)
	}
}

func (m *measures) Applied(s engine.State, chance, over bool) bool {
	if chance {
		return false
	}
	m.res.Plies++
	if m.guard != nil && m.res.Stall == "" {
		m.res.Stall = m.guard.Safeguard()
	}
	if m.res.Plies >= maxPlies && !over {
		m.res.Stall = "workbench-cap"
		return true
	}
	return false
}

// MovesLeft is the moves to the workbench's cap (StandingsTallier).
func (m *measures) MovesLeft() int { return maxPlies - m.res.Plies }

// tallied takes moves as Decision and Applied would have taken them.
func (m *measures) tallied(t engine.MoveTally, over bool) (stop bool) {
	m.res.Decisions += t.Moves
	m.res.Choices += t.Choices
	m.res.Options += t.Options
	m.res.Plies += t.Moves
	if m.guard != nil && m.res.Stall == "" {
		m.res.Stall = m.guard.Safeguard()
	}
	if m.res.Plies >= maxPlies && !over {
		m.res.Stall = "workbench-cap"
		stop = true
	}
	return stop
}

// TurnEnded takes the standings after a players' turn.
func (m *measures) TurnEnded(s engine.State) {
	m.res.Turns++
	m.stand = m.standing(s, m.stand)
	m.leader(m.stand[len(m.stand)-m.n:], len(m.stand)/m.n-1)
}

// leader counts a lead change if the standings row t has another sole
// leader than the last.
func (m *measures) leader(row []float64, t int) {
	if l := soleLeader(row); l >= 0 {
		if m.lastLeader >= 0 && l != m.lastLeader {
			m.res.LeadChanges++
		}
		m.lastLeader = l
		if m.n == 2 {
			m.lastLed[l] = t
		}
	}
}

// Standings gives the standings so far to a game that appends its own
// (StandingsTallier), when they are the game's Leader standings and its
// safeguards are seen at the end of a run of turns as after each turn:
// Tamman has none, and Adji-Boto's name only what ended the game.
func (m *measures) Standings() ([]float64, bool) { return m.stand, m.lead != nil }

// StandingsTallied takes players' turns as Decision, Applied and
// TurnEnded would have taken them one by one (StandingsTallier).
func (m *measures) StandingsTallied(stand []float64, turns int, t engine.MoveTally, over bool) (stop bool) {
	if m.n == 2 {
		// leader's count for two players, in locals.
		// (row i/2's sole leader changes the lead when the other led last)
		last, changes, led0, led1 := leadChanges2(stand, len(m.stand), m.lastLeader, 2*m.lastLed[0], 2*m.lastLed[1])
		m.lastLeader, m.lastLed = last, [2]int{led0 / 2, led1 / 2}
		m.res.LeadChanges += changes
	} else {
		// leader's count for more players, soleLeader's loop in locals.
		n, last, changes := m.n, m.lastLeader, 0
		for i := len(m.stand); i+n <= len(stand); i += n {
			row := stand[i : i+n]
			best, top, tie := 0, row[0], false
			for k := 1; k < n; k++ {
				if v := row[k]; v > top {
					best, top, tie = k, v, false
				} else if v == top {
					tie = true
				}
			}
			if !tie {
				if last >= 0 && best != last {
					changes++
				}
				last = best
			}
		}
		m.lastLeader = last
		m.res.LeadChanges += changes
	}
	m.stand = stand
	m.res.Turns += turns
	return m.tallied(t, over)
}

// leadChanges2 is leader's count for two players over the standings rows
// from index from of stand on, in a function of its own so that its loop
// keeps everything in registers: last is the last sole leader (-1: none
// yet), led0 and led1 the index in stand of the last row each led alone.
// (Row i/2's sole leader changes the lead when the other led last.)
//
//go:noinline
func leadChanges2(stand []float64, from, last, led0, led1 int) (_, changes, _, _ int) {
	// i >= 0 and i < len-1, in this form, let the compiler drop the rows'
	// bounds checks.
	from = max(from, 0)
	for i := from; i < len(stand)-1; i += 2 {
		a, b := stand[i], stand[i+1]
		if a > b {
			if last == 1 {
				changes++
			}
			last, led0 = 0, i
		} else if b > a {
			if last == 0 {
				changes++
			}
			last, led1 = 1, i
		}
	}
	return last, changes, led0, led1
}

// standing appends the state's standings to dst.
func (m *measures) standing(s engine.State, dst []float64) []float64 {
	if m.lead != nil {
		return m.lead.Standing(dst)
	}
	return s.Scores(dst)
}

// soleLeader is the player strictly ahead of all others, or -1.
func soleLeader(st []float64) int {
	if len(st) == 2 {
		switch {
		case st[0] > st[1]:
			return 0
		case st[1] > st[0]:
			return 1
		}
		return -1
	}
	best := -1
	tie := false
	for k, v := range st {
		switch {
		case best < 0 || v > st[best]:
			best, tie = k, false
		case v == st[best]:
			tie = true
		}
	}
	if tie {
		return -1
	}
	return best
}

// winnerLead fills the measures of the winner's lead from the standings
// after each turn.
func (m *measures) winnerLead(res *Result, n int) {
	w := res.Winner
	points := len(m.stand) / n // players' turns + 1
	// The winner's lead after turn t: for two players the difference of
	// the standings, else over the best of the others.
	lead := func(t int) float64 {
		if n == 2 {
			return m.stand[2*t+w] - m.stand[2*t+1-w]
		}
		row := m.stand[t*n : (t+1)*n]
		best := 0.0
		first := true
		for k, v := range row {
			if k != w && (first || v > best) {
				best, first = v, false
			}
		}
		return row[w] - best
	}
	lastTrail := -1 // the last turn the winner trailed
	if n == 2 {
		lastTrail = m.lastLed[1-w]
	} else {
		for t := points - 1; t >= 0; t-- {
			if lead(t) < 0 {
				lastTrail = t
				break
			}
		}
	}
	res.Secure = float64(lastTrail+1) / float64(points)
	res.Trailed = lead((points-1)/2) < 0
	res.Margin = lead(points - 1)
	switch {
	case m.oneLead != nil:
		res.Lead = m.oneLead
	case len(m.leads) < leadPoints:
		m.leads = make([]float64, leadPoints*256) // the leads of 256 games, one allocation
		fallthrough
	default:
		res.Lead, m.leads = m.leads[:leadPoints:leadPoints], m.leads[leadPoints:]
	}
	if n == 2 { // lead's difference, without a call a point
		st, l := m.stand, 1-w
		for i := range res.Lead {
			t := 2 * ((points - 1) * i / (leadPoints - 1))
			res.Lead[i] = st[t+w] - st[t+l]
		}
		return
	}
	for i := range res.Lead {
		res.Lead[i] = lead((points - 1) * i / (leadPoints - 1))
	}
}
