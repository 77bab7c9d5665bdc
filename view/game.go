package view

import (
	"strconv"

	"tabula/engine"
)

// GameView is the JSON of a game for people and programs: its catalogue
// entry, its facts under given options and its options with their texts
// in every language.
type GameView struct {
	ID       string                 `json:"id"`
	Name     string                 `json:"name"`
	People   engine.Text            `json:"people"`
	Region   engine.Text            `json:"region"`
	Date     engine.Text            `json:"date"`
	Kind     engine.Text            `json:"kind"`
	Evidence engine.Text            `json:"evidence"`
	Sources  []string               `json:"sources"`
	Summary  []engine.Text          `json:"summary"`
	Players  string                 `json:"players"` // the range it accepts: "2", "2-4"
	Facts    FactsView              `json:"facts"`
	Options  []OptionView           `json:"options"`
	Words    map[string]engine.Text `json:"words"`
}

// FactsView is the JSON of engine.Info.
type FactsView struct {
	Players      int     `json:"players"`
	MinPlayers   int     `json:"minPlayers"`
	MaxPlayers   int     `json:"maxPlayers"`
	Simultaneous bool    `json:"simultaneous"`
	Chance       bool    `json:"chance"`
	Utility      string  `json:"utility"`
	MinUtility   float64 `json:"minUtility"`
	MaxUtility   float64 `json:"maxUtility"`
	MaxLength    int     `json:"maxLength"` // 0: no bound known
}

// OptionView is the JSON of one option: its spec, its English description
// (doc), its descriptions in every language (docs) and, for an enum, a
// label for each value in every language (labels).
type OptionView struct {
	Name    string                 `json:"name"`
	Kind    string                 `json:"kind"`
	Default string                 `json:"default"`
	Min     *float64               `json:"min,omitempty"`
	Max     *float64               `json:"max,omitempty"`
	Values  []string               `json:"values,omitempty"`
	Doc     string                 `json:"doc"`
	Docs    engine.Text            `json:"docs"`
	Labels  map[string]engine.Text `json:"labels,omitempty"`
	// Titles name the option for people, in every language.
	Titles engine.Text `json:"titles,omitempty"`
}

// Facts returns the JSON view of info.
func Facts(info engine.Info) FactsView {
	return FactsView{
		Players: info.Players, MinPlayers: info.MinPlayers, MaxPlayers: info.MaxPlayers,
		Simultaneous: info.Simultaneous, Chance: info.Chance,
		Utility: info.Utility.String(), MinUtility: info.MinUtility, MaxUtility: info.MaxUtility,
		MaxLength: info.MaxLength,
	}
}

// Game returns the view of g under opts (its defaults when opts is the
// zero value). The error is that of g.Info for options that make no valid
// game.
func Game(g engine.Game, opts engine.Options) (GameView, error) {
	info, err := engine.GameInfo(g, opts)
	if err != nil {
		return GameView{}, err
	}
	e, _ := engine.CatalogueOf(g)
	v := GameView{
		ID: g.ID(), Name: g.Name(),
		People: text(e.People), Region: text(e.Region), Date: text(e.Date), Kind: text(e.Kind), Evidence: text(e.Evidence),
		Sources: e.Sources, Summary: e.Summary,
		Players: strconv.Itoa(info.MinPlayers),
		Facts:   Facts(info),
		Options: []OptionView{},
		Words:   e.Words,
	}
	if v.Sources == nil {
		v.Sources = []string{}
	}
	if v.Summary == nil {
		v.Summary = []engine.Text{}
	}
	if v.Words == nil {
		v.Words = map[string]engine.Text{}
	}
	if info.MaxPlayers > info.MinPlayers {
		v.Players += "-" + strconv.Itoa(info.MaxPlayers)
	}
	for _, sp := range g.Specs() {
		ot := e.Options[sp.Name]
		o := OptionView{Name: sp.Name, Kind: sp.Kind.String(), Default: sp.Default, Values: sp.Values,
			Doc: sp.Doc, Docs: ot.Doc, Labels: ot.Values, Titles: ot.Title}
		if sp.Kind == engine.Int || sp.Kind == engine.Float {
			lo, hi := sp.Min, sp.Max
			o.Min, o.Max = &lo, &hi
		}
		v.Options = append(v.Options, o)
	}
	return v, nil
}

// text gives an empty object rather than null for a missing text.
func text(t engine.Text) engine.Text {
	if t == nil {
		return engine.Text{}
	}
	return t
}
