package policy_test

import (
	"strings"
	"testing"

	"tabula/engine"
	_ "tabula/games/all"
	"tabula/internal/policy"
)

// A server refuses the values of an option that the game does not declare
// fast, naming both ranges; the command line takes them.
func TestServerRefusesSlowValues(t *testing.T) {
	g, err := engine.Lookup("agsinnoninka")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"0", "100000000"} {
		if _, err := engine.ParseOptions(g, []string{"max-steps=" + v}); err != nil {
			t.Errorf("command line: max-steps=%s: %v", v, err)
		}
		_, err := policy.ParseOptions(g, []string{"max-steps=" + v})
		if err == nil || !strings.Contains(err.Error(), "max-steps: "+v+" is out of range 1..10000000 on this server (the command line accepts 0..1000000000)") {
			t.Errorf("server: max-steps=%s: %v", v, err)
		}
	}
	if _, err := policy.ParseOptions(g, []string{"max-steps=5000"}); err != nil {
		t.Errorf("a fast value is refused: %v", err)
	}
	if lo, hi := policy.Range(g.Specs()[0]); lo != g.Specs()[0].Min || hi != g.Specs()[0].Max {
		t.Errorf("an option without a fast range is narrowed to %v..%v", lo, hi)
	}
}
