// Package research is Tabula's research workbench: it plays every reading
// of a game's ambiguous rules side by side (a grid of option values), on
// common random numbers, and measures each reading with 95% intervals:
// seat balance, draws, stalls, length, choice, lead changes, comebacks,
// margins and the skill gap. Runs are kept as JSON lines, resume after an
// interruption, split into shards and merge back to the same numbers.
//
// The workbench knows no game. Games help through optional interfaces of
// their states: Leader (the game's own measure of who leads), Safeguarded
// (which safeguard ended a game) and Rounded (rounds of a match).
package research

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tabula/engine"
	_ "tabula/messages" // the words of its errors
)

// Vary is one option to vary and the values it takes.
type Vary struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

func (v Vary) String() string { return v.Name + "=" + strings.Join(v.Values, ",") }

// maxValues bounds the values of one --vary, so that a typo cannot ask
// for an endless grid.
const maxValues = 64

// ParseVary reads "name=v1,v2,..." ("name=all" for every value of an enum
// or bool option). The values are checked against the game later, by
// NewPlan.
func ParseVary(text string) (Vary, error) {
	name, list, ok := strings.Cut(text, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return Vary{}, engine.NewError("research.vary_form", "text", strconv.Quote(text))
	}
	var vals []string
	for _, v := range strings.Split(list, ",") {
		v = strings.TrimSpace(v)
		if v == "" {
			return Vary{}, engine.NewError("research.vary_empty", "text", strconv.Quote(text))
		}
		vals = append(vals, v)
	}
	if len(vals) > maxValues {
		return Vary{}, engine.NewError("research.vary_values", "text", strconv.Quote(text), "n", len(vals), "max", maxValues)
	}
	return Vary{Name: name, Values: vals}, nil
}

// Shard is one part of a run: the work units whose number is Index modulo
// Count.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Whole is the shard that is the whole run.
var Whole = Shard{Index: 0, Count: 1}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// maxShards bounds --shard's count.
const maxShards = 100_000

// ParseShard reads "i/n" with 0 <= i < n (0-based, as Kubernetes'
// JOB_COMPLETION_INDEX and a Slurm array 0-(n-1) give it).
func ParseShard(text string) (Shard, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(text), "/")
	if !ok {
		return Shard{}, engine.NewError("research.shard_form", "text", strconv.Quote(text))
	}
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	switch {
	case err1 != nil || err2 != nil:
		return Shard{}, engine.NewError("research.shard_numbers", "text", strconv.Quote(text))
	case n < 1 || n > maxShards:
		return Shard{}, engine.NewError("research.shard_n", "text", strconv.Quote(text), "max", maxShards)
	case i < 0 || i >= n:
		return Shard{}, engine.NewError("research.shard_i", "text", strconv.Quote(text), "max", n-1)
	}
	return Shard{Index: i, Count: n}, nil
}

// Design says how the varied options combine.
const (
	// Grid plays every combination of the varied values.
	Grid = "grid"
	// Each changes one option at a time from the base reading (the
	// defaults with --option applied): the base, then each other value.
	Each = "each"
)

// Config is what a run plays. Two runs with equal configs play the same
// games, whatever their threads.
type Config struct {
	Game    string   `json:"game"`
	Options []string `json:"options"` // fixed settings, name=value
	Vary    []Vary   `json:"vary"`
	Design  string   `json:"design"`
	// Agents sit in the seats, rotated: in game i, seat k holds agent
	// (k+i) mod n. One agent alone sits in every seat.
	Agents []string `json:"agents"`
	// Skill is the strong agent whose win rate against random players
	// measures the skill gap; "" plays no skill games.
	Skill string `json:"skill,omitempty"`
	Games int    `json:"games"`
	Seed  uint64 `json:"seed"`
	// Chance says how chance events are drawn: ChanceTurn (the default),
	// ChancePly or ChanceStream.
	Chance string `json:"chance"`
	// ChanceHash is how ChanceTurn's draws are computed from their keys:
	// HashSplitMix (the default) or HashSHA256. "" under the other modes;
	// a run directory of ChanceTurn without it was played with HashSHA256.
	ChanceHash string `json:"chanceHash,omitempty"`
	// Evaluate, when above 0, has a search of that many MCTS iterations
	// judge every decision of the first EvaluateGames games of each
	// reading for the state-evaluation measures (evaluate.go).
	Evaluate      int `json:"evaluate,omitempty"`
	EvaluateGames int `json:"evaluateGames,omitempty"`
}

// How a run draws its chance events. Each reading's game i has the same
// seed; what differs is what a draw is keyed on.
const (
	// ChanceTurn draws each from the game's seed, the players' turn it
	// happens in and its place in the turn (ChanceHash says how): two
	// readings keep the same throws at the same turn even after their
	// games part. It pairs readings best.
	ChanceTurn = "turn"
	// ChancePly keys a draw on the engine's ply, as the rooms do. In
	// Tamman a ply is a throw or a move, so two games that part soon
	// have their throws at other plies and share little.
	ChancePly = "ply"
	// ChanceStream draws them in order from one stream per game, as runs
	// made before ChancePly did: readings share throws only until their
	// games part. Kept to read and measure those runs.
	ChanceStream = "stream"
)

// How ChanceTurn computes a draw from the game's seed and the draw's key.
const (
	// HashSplitMix draws by engine.KeyedChance: splitmix64 at the key's
	// place of a stream started from the seed, a few nanoseconds a throw
	// (runs from 5 December 2026 on).
	HashSplitMix = "splitmix"
	// HashSHA256 draws as the rooms do (ai.ChanceAt): SHA-256 of the seed
	// and the key seeds a ChaCha8, about a microsecond a throw. Runs made
	// before HashSplitMix drew so; a run directory without a chanceHash
	// keeps these draws when it resumes.
	HashSHA256 = "sha256"
)

// Reading is one combination of option values.
type Reading struct {
	Index int `json:"index"`
	// Varied lists the varied options' values, name=value, in --vary
	// order; empty for a run without --vary.
	Varied   []string       `json:"varied"`
	Settings []string       `json:"settings"` // every option, name=value
	Players  int            `json:"players"`
	Base     bool           `json:"base,omitempty"`
	start    engine.State   // the start position
	opts     engine.Options // its options
	noChance bool           // the game has no chance events under opts
}

// Label names the reading for people: its varied values, or "base".
func (r Reading) Label() string {
	if len(r.Varied) == 0 {
		return "base"
	}
	return strings.Join(r.Varied, " ")
}

// Plan is a checked config with its readings.
type Plan struct {
	Config   Config
	Game     engine.Game
	Readings []Reading
	// Kinds is 1, or 2 with skill games: each (reading, game) has that
	// many work units.
	Kinds int
}

// maxEvaluate bounds the search of the state-evaluation probe.
const maxEvaluate = 100_000

// maxReadings bounds a grid.
const maxReadings = 4096

// NewPlan checks cfg against its game and lays out the readings.
func NewPlan(cfg Config) (*Plan, error) {
	g, err := engine.Lookup(cfg.Game)
	if err != nil {
		return nil, err
	}
	cfg.Vary = slices.Clone(cfg.Vary)
	if cfg.Design == "" {
		cfg.Design = Grid
	}
	if cfg.Chance == "" {
		cfg.Chance = ChanceTurn
	}
	if cfg.Chance != ChanceTurn && cfg.Chance != ChancePly && cfg.Chance != ChanceStream {
		return nil, engine.NewError("research.chance", "text", strconv.Quote(cfg.Chance))
	}
	if cfg.Chance == ChanceTurn && cfg.ChanceHash == "" {
		cfg.ChanceHash = HashSplitMix
	}
	if (cfg.Chance == ChanceTurn) != (cfg.ChanceHash == HashSplitMix || cfg.ChanceHash == HashSHA256) {
		return nil, engine.NewError("research.chance_hash", "text", strconv.Quote(cfg.ChanceHash), "chance", cfg.Chance)
	}
	if cfg.Design != Grid && cfg.Design != Each {
		return nil, engine.NewError("research.design", "text", strconv.Quote(cfg.Design))
	}
	if cfg.Games < 1 {
		return nil, engine.NewError("research.games", "n", cfg.Games)
	}
	if cfg.Evaluate < 0 || cfg.Evaluate > maxEvaluate || cfg.EvaluateGames < 0 || (cfg.Evaluate > 0) != (cfg.EvaluateGames > 0) {
		return nil, engine.NewError("research.evaluate", "n", cfg.Evaluate, "games", cfg.EvaluateGames, "max", maxEvaluate)
	}
	if len(cfg.Agents) == 0 {
		return nil, engine.NewError("research.agents")
	}
	base, err := engine.ParseOptions(g, cfg.Options)
	if err != nil {
		return nil, err
	}
	specs := g.Specs()
	seen := map[string]bool{}
	for i, v := range cfg.Vary {
		si := slices.IndexFunc(specs, func(s engine.OptionSpec) bool { return s.Name == v.Name })
		if si < 0 {
			return nil, engine.NewError("research.vary_option", "option", v.Name, "game", g.ID())
		}
		if seen[v.Name] {
			return nil, engine.NewError("research.vary_twice", "option", v.Name)
		}
		seen[v.Name] = true
		vals, err := canonicalValues(g, specs[si], v.Values)
		if err != nil {
			return nil, err
		}
		cfg.Vary[i] = Vary{Name: v.Name, Values: vals}
	}
	var combos [][]string
	if cfg.Design == Grid {
		// Count the grid before making it: its size is the product of the
		// value counts, which could ask for billions of readings.
		n := 1
		for _, v := range cfg.Vary {
			if n *= len(v.Values); n > maxReadings {
				return nil, engine.NewError("research.readings_many", "max", maxReadings)
			}
		}
		combos = grid(cfg.Vary)
	} else {
		combos = each(cfg.Vary, base)
	}
	if len(combos) > maxReadings {
		return nil, engine.NewError("research.readings", "n", len(combos), "max", maxReadings)
	}
	p := &Plan{Config: cfg, Game: g, Kinds: 1}
	if cfg.Skill != "" {
		p.Kinds = 2
	}
	for i, varied := range combos {
		if varied == nil {
			varied = []string{} // JSON [], not null
		}
		settings := append(slices.Clone(cfg.Options), varied...)
		opts, err := engine.ParseOptions(g, settings)
		if err != nil {
			return nil, err
		}
		s, err := g.NewState(opts)
		if err != nil {
			return nil, engine.NewError("research.reading", "reading", strings.Join(varied, " "), "err", err)
		}
		info, err := engine.GameInfo(g, opts)
		if err != nil {
			return nil, err
		}
		r := Reading{Index: i, Varied: varied, Settings: opts.Settings(), Players: s.NumPlayers(), start: s, opts: opts, noChance: !info.Chance}
		r.Base = slices.Equal(r.Settings, base.Settings())
		if len(cfg.Agents) != 1 && len(cfg.Agents) != r.Players {
			return nil, engine.NewError("research.agents_count", "reading", r.Label(), "count", r.Players, "n", len(cfg.Agents))
		}
		p.Readings = append(p.Readings, r)
	}
	return p, nil
}

// canonicalValues expands "all" and checks each value.
func canonicalValues(g engine.Game, spec engine.OptionSpec, vals []string) ([]string, error) {
	if len(vals) == 1 && vals[0] == "all" {
		switch spec.Kind {
		case engine.Bool:
			return []string{"false", "true"}, nil
		case engine.Enum:
			return slices.Clone(spec.Values), nil
		default:
			return nil, engine.NewError("research.vary_all", "option", spec.Name)
		}
	}
	var out []string
	for _, v := range vals {
		o, err := engine.ParseOptions(g, []string{spec.Name + "=" + v})
		if err != nil {
			return nil, engine.NewError("research.vary", "err", err)
		}
		text := v
		for _, set := range o.Settings() {
			if n, val, _ := strings.Cut(set, "="); n == spec.Name {
				text = val
			}
		}
		if slices.Contains(out, text) {
			return nil, engine.NewError("research.vary_value_twice", "option", spec.Name, "value", text)
		}
		out = append(out, text)
	}
	return out, nil
}

// grid gives every combination of the varied values, the last option
// changing fastest.
func grid(vary []Vary) [][]string {
	out := [][]string{nil}
	for _, v := range vary {
		var next [][]string
		for _, c := range out {
			for _, val := range v.Values {
				next = append(next, append(slices.Clone(c), v.Name+"="+val))
			}
		}
		out = next
	}
	return out
}

// each gives the base reading, then for each varied option each of its
// values that differs from the base, the others at the base.
func each(vary []Vary, base engine.Options) [][]string {
	out := [][]string{nil}
	baseVal := map[string]string{}
	for _, set := range base.Settings() {
		n, v, _ := strings.Cut(set, "=")
		baseVal[n] = v
	}
	for _, v := range vary {
		for _, val := range v.Values {
			if val != baseVal[v.Name] {
				out = append(out, []string{v.Name + "=" + val})
			}
		}
	}
	return out
}

// Units is the number of work units of the whole run.
func (p *Plan) Units() int { return len(p.Readings) * p.Config.Games * p.Kinds }

// unit is one game to play.
type unit struct {
	reading, game int
	skill         bool
}

// unitAt decodes a unit number. Units interleave readings game by game, so
// that a partial run has the first games of every reading.
func (p *Plan) unitAt(u int) unit {
	k := u % p.Kinds
	u /= p.Kinds
	return unit{reading: u % len(p.Readings), game: u / len(p.Readings), skill: k == 1}
}

func (p *Plan) unitNumber(x unit) int {
	k := 0
	if x.skill {
		k = 1
	}
	return (x.game*len(p.Readings)+x.reading)*p.Kinds + k
}
