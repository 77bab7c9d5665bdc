// Package ai holds the computer players. It knows only the engine: every
// agent works for every game, and games help only through optional
// interfaces: engine.Evaluator; PlayoutLengther and PlayoutPolicy for
// MCTS playouts; MCTSLeveller for a game's own level budgets.
//
// Agents are named on the command line by a spec: "random", "greedy",
// "mcts", "alphabeta", optionally followed by a level or a budget:
// "mcts:hard", "mcts:5000" (iterations per move), "mcts:200ms" (time per
// move), "alphabeta:6" (depth), "alphabeta:1s". A bare level ("hard") means
// MCTS at that level.
package ai

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"tabula/engine"
)

// Agent chooses moves. An agent is used by one goroutine at a time.
type Agent interface {
	// Name is the agent as written on the command line ("random").
	Name() string
	// Choose returns one of player's legal moves in s. It must not change
	// s. For a simultaneous turn each actor's agent chooses on its own,
	// without seeing the others' choices.
	Choose(s engine.State, player int) engine.Move
}

// Reseeder is implemented by agents whose random choices can be restarted
// from a new seed without making a new agent (and its memory) again. The
// simulator uses it to keep results independent of which goroutine plays
// which game.
type Reseeder interface {
	Reseed(seed uint64)
}

// Config holds the settings that are not part of an agent's spec.
type Config struct {
	// Seed makes the agent's choices reproducible: an agent with an
	// iteration or depth budget plays the same moves for the same seed.
	Seed uint64
	// Threads is the number of goroutines a search may use (0 or 1: one).
	Threads int
	// Options are the options of the games the agent will play. The zero
	// value means the game's defaults. New uses them only to check that a
	// search can handle the game (alpha-beta needs two players and no
	// simultaneous turns).
	Options engine.Options
	// Mixed makes MCTS draw its move at a simultaneous turn by its root
	// visit shares (its average policy) instead of playing the most
	// visited move, so that a person who sees its choice and takes the
	// turn back learns a draw, not the answer (the server sets it; the
	// simulator keeps the most visited move, so its results stay as
	// they were).
	Mixed bool
	// Eval, when set, judges the positions where MCTS playouts stop, and
	// those greedy and alpha-beta compare, instead of the game's own
	// evaluation (to measure one evaluation against another, or for a
	// game's learned one). Greedy and alpha-beta take its values for
	// finished games as they are, so it must rate a win above any
	// position.
	Eval func(s engine.State, dst []float64) []float64
	// EvalBound, when positive, says that every value alpha-beta judges
	// by Eval (a player's value minus the other's, finished games
	// included) lies within ±EvalBound: alpha-beta then cuts off a throw
	// once the outcomes searched settle which side of its window the mean
	// falls (Star1), with the same value at the root.
	EvalBound float64
	// SettleMoves, when positive, lets alpha-beta search on past its depth
	// where a player is still to move, by up to SettleMoves more moves,
	// so that its leaves are judged where a throw (or the end) comes next:
	// in a game of dice, where a turn ends, not between the throws of one
	// turn (settle.go).
	SettleMoves int
	// RareOutcome, when positive, searches the outcomes of a chance event
	// whose chance is below it one ply shallower than the others (settle.go):
	// a rare throw weighs little in the mean, and in a game of dice
	// the rare throws are often the costly ones (Tamman's 4 and 8 earn
	// extra throws).
	RareOutcome float64
}

// Levels are the strength names every search accepts, weakest first.
var Levels = []string{"easy", "medium", "hard", "max"}

// Kinds are the agent kinds New knows.
var Kinds = []string{"random", "greedy", "mcts", "alphabeta"}

// Names lists the agent kinds New accepts (each takes an optional level,
// except random and greedy).
func Names() []string { return slices.Clone(Kinds) }

// New makes an agent for game g from its command-line spec, "NAME" or
// "NAME:LEVEL" ("random", "mcts:hard", "alphabeta:6", "mcts:200ms"). It
// fails for an unknown name or level, or an agent the game does not allow
// (alpha-beta for a game with simultaneous turns or more than two
// players); such errors wrap ErrAlphaBetaGame.
func New(g engine.Game, spec string, cfg Config) (Agent, error) {
	spec = strings.TrimSpace(spec)
	kind, param, hasParam := strings.Cut(spec, ":")
	if slices.Contains(Levels, kind) && !hasParam {
		kind, param, hasParam = "mcts", kind, true
	}
	if hasParam && param == "" {
		return nil, engine.NewError("ai.empty_level", "agent", strconv.Quote(spec))
	}
	switch kind {
	case "random", "greedy":
		if hasParam {
			return nil, engine.NewError("ai.no_level", "agent", strconv.Quote(spec), "kind", kind)
		}
		if kind == "random" {
			return NewRandom(cfg.Seed), nil
		}
		g := NewGreedy(cfg.Seed)
		g.eval = cfg.Eval
		return g, nil
	case "mcts":
		if a, ok := gameAlphaBeta(g, spec, param, cfg); ok {
			return a, nil
		}
		b, err := parseBudget(param, mctsLevels, false)
		if err != nil {
			return nil, engine.NewError("ai.agent", "agent", strconv.Quote(spec), "err", err)
		}
		b = gameLevel(g, param, b)
		b, cfg = gameJudge(g, param, b, cfg)
		return maxWithEndgame(g, param, NewMCTS(spec, b, cfg)), nil
	case "alphabeta":
		b, err := parseBudget(param, alphaBetaLevels, true)
		if err != nil {
			return nil, engine.NewError("ai.agent", "agent", strconv.Quote(spec), "err", err)
		}
		if err := CheckAlphaBeta(g, cfg.Options); err != nil {
			return nil, engine.NewError("ai.agent", "agent", strconv.Quote(spec), "err", err)
		}
		return maxWithEndgame(g, param, NewAlphaBeta(spec, b, cfg)), nil
	}
	return nil, engine.NewError("ai.unknown", "agent", strconv.Quote(spec), "known", strings.Join(Kinds, ", "), "levels", strings.Join(Levels, "|"))
}

// maxWithEndgame gives the level "max" the game's endgame table, when one
// is registered.
func maxWithEndgame(g engine.Game, level string, a Agent) Agent {
	if e := engine.EndgameOf(g.ID()); level == "max" && e != nil {
		return withEndgame{Agent: a, table: e}
	}
	return a
}

// tuned finds game g's tuning of the levels of kind T: g itself, or what
// the game's computer-player package registered (engine.RegisterTuning).
func tuned[T any](g engine.Game) (T, bool) {
	if t, ok := g.(T); ok {
		return t, true
	}
	t, ok := engine.TuningOf(g.ID()).(T)
	return t, ok
}

// MCTSLeveller is implemented by games that set their own MCTS iteration
// budgets for the levels; the time caps are the same in every game.
type MCTSLeveller interface {
	// MCTSLevel returns the iterations of MCTS at level and whether its
	// playouts use the game's PlayoutPolicy; ok false keeps the default.
	MCTSLevel(level string) (iterations int, policy, ok bool)
}

// gameLevel is b, the budget of MCTS at level (a level name, or a
// budget), with the iterations game g sets for that level.
func gameLevel(g engine.Game, level string, b Budget) Budget {
	if level == "" {
		level = "medium"
	}
	if l, ok := tuned[MCTSLeveller](g); ok {
		if n, policy, ok := l.MCTSLevel(level); ok {
			b.Iterations, b.RandomPlayouts = n, !policy
		}
	}
	return b
}

// MCTSJudge is implemented by games whose levels judge the ends of MCTS
// playouts by an evaluation of their own (a learned one), after playouts
// of their own length.
type MCTSJudge interface {
	// MCTSJudge returns the evaluation and the playout turns of MCTS at
	// level under opts, and the iterations it searches with them (0: the
	// level's own); ok false keeps the game's Eval and playout length.
	MCTSJudge(level string, opts engine.Options) (eval func(engine.State, []float64) []float64, turns, iterations int, ok bool)
}

// gameJudge gives MCTS at level the evaluation and playout length game g
// sets for it (MCTSJudge), unless cfg already names an evaluation.
func gameJudge(g engine.Game, level string, b Budget, cfg Config) (Budget, Config) {
	j, ok := tuned[MCTSJudge](g)
	if !ok || cfg.Eval != nil {
		return b, cfg
	}
	opts := cfg.Options
	if len(opts.Settings()) == 0 {
		opts = engine.DefaultOptions(g)
	}
	if eval, turns, n, ok := j.MCTSJudge(level, opts); ok {
		cfg.Eval, b.PlayoutTurns = eval, turns
		if n > 0 {
			b.Iterations = n
		}
	}
	return b, cfg
}

// AlphaBetaLeveller is implemented by games that play some of their MCTS
// levels by alpha-beta instead (expectiminimax in a game of chance),
// judged by an evaluation of their own: a learned evaluation sharp enough
// that a few plies of exact expectation beat MCTS's sampled throws.
type AlphaBetaLeveller interface {
	// AlphaBetaLevel returns the depth and the evaluation of alpha-beta
	// at level under opts; ok false keeps MCTS.
	AlphaBetaLevel(level string, opts engine.Options) (depth int, eval func(engine.State, []float64) []float64, ok bool)
}

// AlphaBetaBounder is implemented by AlphaBetaLevellers whose evaluation
// at a level keeps a player's value minus the other's within ±bound,
// finished games included (Config.EvalBound): alpha-beta then cuts off
// throws (Star1), with the same values.
type AlphaBetaBounder interface {
	AlphaBetaBound(level string, opts engine.Options) float64
}

// gameAlphaBeta is the alpha-beta searcher game g plays level with
// (AlphaBetaLeveller), capped at the level's time, unless cfg already
// names an evaluation.
func gameAlphaBeta(g engine.Game, spec, level string, cfg Config) (Agent, bool) {
	l, ok := tuned[AlphaBetaLeveller](g)
	if _, known := LevelTime[level]; !ok || !known || cfg.Eval != nil {
		return nil, false
	}
	opts := cfg.Options
	if len(opts.Settings()) == 0 {
		opts = engine.DefaultOptions(g)
	}
	depth, eval, ok := l.AlphaBetaLevel(level, opts)
	if !ok {
		return nil, false
	}
	cfg.Eval = eval
	if b, ok := tuned[AlphaBetaBounder](g); ok {
		cfg.EvalBound = b.AlphaBetaBound(level, opts)
	}
	return maxWithEndgame(g, level, NewAlphaBeta(spec, Budget{Depth: depth, Time: LevelTime[level]}, cfg)), true
}

// Budget bounds the work of one search. Zero fields are no bound; a search
// stops at the first bound reached.
type Budget struct {
	// Iterations is the number of MCTS iterations per move (per tree when
	// several threads search).
	Iterations int
	// Depth is the deepest alpha-beta iteration, in plies.
	Depth int
	// Time is the wall-clock time per move.
	Time time.Duration
	// PlayoutTurns is the length of an MCTS playout in games with an
	// evaluation: 0 leaves it to the game (PlayoutLengther, else
	// DefaultPlayoutTurns), a negative number plays every playout to the
	// end.
	PlayoutTurns int
	// RandomPlayouts makes MCTS playouts uniformly random even in a game
	// with a PlayoutPolicy.
	RandomPlayouts bool
}

// The budgets behind the levels. Iteration and depth bounds keep results
// reproducible for a seed where a game is fast enough to reach them; the
// time caps guarantee the time per move every level promises on one core
// (easy under 50 ms, medium under 300 ms, hard under 2 s, max under 10 s),
// with a margin for the move's own overhead. In Adji-Boto and Tamman the
// iteration bounds come first; an Agsinnoninka turn can hold long relays,
// so there the caps decide (docs/lab/level-times.md has the measured times).
var (
	mctsLevels = map[string]Budget{
		"easy":   {Iterations: 300, Time: LevelTime["easy"]},
		"medium": {Iterations: 3000, Time: LevelTime["medium"]},
		"hard":   {Iterations: 20000, Time: LevelTime["hard"]},
		"max":    {Iterations: 400000, Time: LevelTime["max"]},
	}
	alphaBetaLevels = map[string]Budget{
		"easy":   {Depth: 2, Time: LevelTime["easy"]},
		"medium": {Depth: 5, Time: LevelTime["medium"]},
		"hard":   {Depth: 10, Time: LevelTime["hard"]},
		"max":    {Depth: 64, Time: LevelTime["max"]},
	}
)

// LevelTime is the cap on the search time of a move at each level.
var LevelTime = map[string]time.Duration{
	"easy":   40 * time.Millisecond,
	"medium": 250 * time.Millisecond,
	"hard":   1800 * time.Millisecond,
	"max":    9 * time.Second,
}

// SpecLevel splits a spec into its kind and level ("hard" is MCTS at
// level hard); level is "" for a budget of its own ("mcts:5000") or an
// agent without levels.
func SpecLevel(spec string) (kind, level string) {
	kind, param, hasParam := strings.Cut(strings.TrimSpace(spec), ":")
	if slices.Contains(Levels, kind) && !hasParam {
		return "mcts", kind
	}
	if (kind == "mcts" || kind == "alphabeta") && param == "" {
		param = "medium"
	}
	if _, ok := LevelTime[param]; ok {
		return kind, param
	}
	return kind, ""
}

// SpecTime is the most time a move of spec searches at a level (0 for an
// agent without levels or a budget of its own).
func SpecTime(spec string) time.Duration {
	_, level := SpecLevel(spec)
	return LevelTime[level]
}

// Lower is spec one level weaker ("mcts:max" gives "mcts:hard"); false
// when there is none (easy, or an agent without levels).
func Lower(spec string) (string, bool) {
	kind, level := SpecLevel(spec)
	i := slices.Index(Levels, level)
	if i <= 0 {
		return spec, false
	}
	return kind + ":" + Levels[i-1], true
}

// parseBudget reads a level name, a duration ("200ms") or a number
// (iterations, or depth when depth is set). The empty string is "medium".
func parseBudget(param string, levels map[string]Budget, depth bool) (Budget, error) {
	if param == "" {
		param = "medium"
	}
	if b, ok := levels[param]; ok {
		return b, nil
	}
	if d, err := time.ParseDuration(param); err == nil {
		if d <= 0 {
			return Budget{}, engine.NewError("ai.time", "time", param)
		}
		return Budget{Time: d}, nil
	}
	n, err := strconv.Atoi(param)
	switch {
	case err != nil:
		unit := engine.NewError("ai.iterations")
		if depth {
			unit = engine.NewError("ai.depth")
		}
		return Budget{}, engine.NewError("ai.budget", "param", strconv.Quote(param), "levels", strings.Join(Levels, ", "), "unit", unit)
	case n <= 0:
		return Budget{}, engine.NewError("ai.positive", "n", n)
	case depth:
		return Budget{Depth: n}, nil
	}
	return Budget{Iterations: n}, nil
}

// newRand returns the generator every agent uses, seeded reproducibly.
func newRand(seed uint64, stream uint64) (*rand.Rand, *rand.PCG) {
	src := rand.NewPCG(seed, stream)
	return rand.New(src), src
}

// Random plays a uniformly random legal move.
type Random struct {
	src   *rand.PCG
	rng   *rand.Rand
	moves []engine.Move
}

// NewRandom returns a random mover that is deterministic for a seed.
func NewRandom(seed uint64) *Random {
	r := &Random{}
	r.rng, r.src = newRand(seed, 0x7a6275)
	return r
}

// Name returns "random".
func (r *Random) Name() string { return "random" }

// Reseed restarts the random choices from seed.
func (r *Random) Reseed(seed uint64) { r.src.Seed(seed, 0x7a6275) }

// Choose returns a uniformly random legal move.
func (r *Random) Choose(s engine.State, player int) engine.Move {
	if player == engine.ChancePlayer {
		return chanceMove(s, r.rng)
	}
	r.moves = s.Legal(player, r.moves[:0])
	return r.Pick(r.moves)
}

// Picker is an agent that chooses from the list of legal moves alone, as
// Choose would from the same list: a loop that lists the moves anyway (to
// count them) hands it its list instead of having it list them again.
type Picker interface {
	Pick(legal []engine.Move) engine.Move
}

// RandomMover is an agent that moves uniformly at random: each of its
// moves is Legal(player)[Source().IntN(len)], so a loop may have the game
// draw its moves itself (engine.RandomTurner).
type RandomMover interface {
	Source() engine.Rand
}

// Source is the source of the agent's draws (ai.RandomMover).
func (r *Random) Source() engine.Rand { return engine.Rand{Src: r.src} }

// Pick returns a uniformly random move of legal (ai.Picker), drawn as
// Choose draws it: engine.Rand draws what rand.Rand over the same source
// draws, without the interface.
func (r *Random) Pick(legal []engine.Move) engine.Move {
	return legal[engine.Rand{Src: r.src}.IntN(len(legal))]
}

// SampleChance draws a chance outcome of s by its probabilities, using u
// drawn uniformly from [0, 1).
func SampleChance(outcomes []engine.ChanceOutcome, u float64) engine.Move {
	for _, o := range outcomes {
		if u < o.Prob {
			return o.Move
		}
		u -= o.Prob
	}
	return outcomes[len(outcomes)-1].Move
}

// chanceMove draws the pending chance event of s (for agents asked to act
// for chance).
func chanceMove(s engine.State, rng *rand.Rand) engine.Move {
	return SampleChance(s.ChanceOutcomes(nil), rng.Float64())
}

// rewardScale maps a game's returns into the rewards MCTS works with, in
// [0, 1], using the bounds the game declares: reward = (return - lo) * k.
// It remembers the game and options it was made for, so a search asks the
// game only when they change (Info may allocate; a search must not).
type rewardScale struct {
	lo, k float64
	game  string
	opts  engine.Options
}

// update makes r the scale of the game of s, unless it already is. A game
// whose Info fails or declares no span gets its returns clamped into
// [0, 1] as they are.
func (r *rewardScale) update(s engine.State) {
	g, opts := s.Game(), s.Options()
	if r.game != "" && r.game == g.ID() && r.opts.Equal(opts) {
		return
	}
	*r = rewardScale{lo: 0, k: 1, game: g.ID(), opts: opts}
	if info, err := g.Info(opts); err == nil && info.MaxUtility > info.MinUtility {
		r.lo, r.k = info.MinUtility, 1/(info.MaxUtility-info.MinUtility)
	}
}

// rewards fills dst with each player's reward in a finished game: the
// game's return mapped into [0, 1]. For a game one player wins this is 1
// for the winner, 0 for the others and 1/n each for a draw.
func (r *rewardScale) rewards(s engine.State, dst []float64) []float64 {
	dst = s.Returns(dst[:0])
	for i, v := range dst {
		dst[i] = min(1, max(0, (v-r.lo)*r.k))
	}
	return dst
}
