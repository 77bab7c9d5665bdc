package engine_test

import (
	"strings"
	"testing"

	"tabula/engine"
)

type optGame struct{}

func (optGame) ID() string   { return "opt-game" }
func (optGame) Name() string { return "Options test" }
func (optGame) Specs() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "n", Kind: engine.Int, Default: "3", Min: 1, Max: 9},
		{Name: "flag", Kind: engine.Bool, Default: "false"},
		{Name: "p", Kind: engine.Float, Default: "0.5", Min: 0, Max: 1},
		{Name: "mode", Kind: engine.Enum, Default: "a", Values: []string{"a", "b"}},
	}
}
func (optGame) NewState(engine.Options) (engine.State, error) { return nil, nil }
func (optGame) Info(engine.Options) (engine.Info, error)      { return engine.Info{}, nil }

func TestParseOptionsDefaultsAndValues(t *testing.T) {
	o, err := engine.ParseOptions(optGame{}, []string{"n=7", "flag=1", "p=0.25", "mode=b", "n=8"})
	if err != nil {
		t.Fatal(err)
	}
	if o.Int("n") != 8 || !o.Bool("flag") || o.Float("p") != 0.25 || o.Enum("mode") != "b" {
		t.Errorf("got %v", o.Map())
	}
	d := engine.DefaultOptions(optGame{})
	if d.Int("n") != 3 || d.Bool("flag") || d.Float("p") != 0.5 || d.Enum("mode") != "a" {
		t.Errorf("defaults %v", d.Map())
	}
	if got := strings.Join(o.Settings(), " "); got != "n=8 flag=true p=0.25 mode=b" {
		t.Errorf("Settings %q", got)
	}
	back, err := engine.ParseOptions(optGame{}, o.Settings())
	if err != nil || strings.Join(back.Settings(), " ") != strings.Join(o.Settings(), " ") {
		t.Errorf("Settings do not round-trip: %v %v", back.Settings(), err)
	}
}

func TestParseOptionsErrorsNameTheOption(t *testing.T) {
	for set, want := range map[string]string{
		"n=0":     "option n",
		"n=x":     "option n",
		"flag=2":  "option flag",
		"p=1.5":   "option p",
		"p=NaN":   "option p",
		"mode=c":  "option mode",
		"nope=1":  "option nope",
		"novalue": "novalue",
	} {
		_, err := engine.ParseOptions(optGame{}, []string{set})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one naming %q", set, err, want)
		}
	}
}

func FuzzParseOptions(f *testing.F) {
	f.Add("n=3")
	f.Add("p=1e-3")
	f.Add("mode=")
	f.Fuzz(func(t *testing.T, set string) {
		o, err := engine.ParseOptions(optGame{}, []string{set})
		if err != nil {
			return
		}
		if _, err := engine.ParseOptions(optGame{}, o.Settings()); err != nil {
			t.Fatalf("%q: canonical settings %v rejected: %v", set, o.Settings(), err)
		}
	})
}

func TestOptionsEqual(t *testing.T) {
	a, _ := engine.ParseOptions(optGame{}, []string{"n=7"})
	b, _ := engine.ParseOptions(optGame{}, []string{"n=7", "mode=a"})
	c, _ := engine.ParseOptions(optGame{}, []string{"n=8"})
	if !a.Equal(b) || !b.Equal(a) {
		t.Error("the same values given differently are not equal")
	}
	if a.Equal(c) || a.Equal(engine.Options{}) || !(engine.Options{}).Equal(engine.Options{}) {
		t.Error("different options are equal, or the zero value is not equal to itself")
	}
	if got := testing.AllocsPerRun(10, func() { a.Equal(b) }); got != 0 {
		t.Errorf("Equal allocates %v times", got)
	}
}
