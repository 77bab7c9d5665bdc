package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabula/games/tamman/tammanai"
)

// train runs tabula train with args and returns its output file's network.
func trainNet(t *testing.T, out string, args ...string) *tammanai.Net {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"train", "--game", "tamman", "--net", "--out", out}, args...), strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("train %v: exit %d: %s", args, code, stderr.String())
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	n, err := tammanai.ParseNet(text)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestTrainThenIsTrainFrom(t *testing.T) {
	dir := t.TempDir()
	for _, depth := range []string{"1", "2"} {
		a := filepath.Join(dir, "a"+depth+".txt")
		trainNet(t, a, "--games", "2", "--hidden", "4", "--seed", "7", "--search-depth", depth)
		from := trainNet(t, filepath.Join(dir, "b.txt"), "--games", "2", "--alpha", "0.03", "--seed", "8", "--from", a, "--search-depth", depth)
		staged := trainNet(t, filepath.Join(dir, "c.txt"), "--games", "2", "--hidden", "4", "--seed", "7", "--then", "2@0.03", "--search-depth", depth)
		if !staged.Equal(from) {
			t.Errorf("--search-depth %s: --then 2@0.03 did not give the network of a second run --from the first's file", depth)
		}
		if in, h := staged.Shape(); in != tammanai.NetInputs || h != 4 {
			t.Errorf("--hidden 4: shape %d x %d", in, h)
		}
	}
}

func TestTrainSearchDepthLearnsFromTheSearch(t *testing.T) {
	dir := t.TempDir()
	one := trainNet(t, filepath.Join(dir, "one.txt"), "--games", "2", "--hidden", "4")
	path := filepath.Join(dir, "two.txt")
	two := trainNet(t, path, "--games", "2", "--hidden", "4", "--search-depth", "2")
	if two.Equal(one) {
		t.Error("--search-depth 2 trained the network of one ply")
	}
	if again := trainNet(t, filepath.Join(dir, "again.txt"), "--games", "2", "--hidden", "4", "--search-depth", "2"); !again.Equal(two) {
		t.Error("--search-depth 2 trained another network on the same seed")
	}
	if text, _ := os.ReadFile(path); !strings.Contains(string(text), " --search-depth 2") {
		t.Errorf("the file's header does not name --search-depth 2:\n%.300s", text)
	}
}

func TestTrainRefusesBadStagesAndShapes(t *testing.T) {
	for _, args := range [][]string{
		{"--net", "--then", "2@0"},
		{"--net", "--then", "2"},
		{"--net", "--then", "0@0.1"},
		{"--then", "2@0.1"}, // the linear evaluation has no stages
		{"--net", "--hidden", "0"},
		{"--net", "--inputs", "61"},
		{"--net", "--from", "/nonexistent/net.txt"},
		{"--net", "--from", "../../games/tamman/tammanai/net.txt", "--hidden", "16"}, // fewer units than the file's
		{"--net", "--players", "3", "--from", "../../games/tamman/tammanai/net3.txt", "--hidden", "64"},
		{"--net", "--search-depth", "0"},
		{"--net", "--search-depth", "6"},
		{"--search-depth", "2"}, // the linear evaluation learns at one ply
		{"--net", "--search-depth", "2", "--explore", "0.1"},
		{"--net", "--players", "5"},
		{"--players", "3"}, // only a network learns for more players
		{"--net", "--players", "4", "--search-depth", "2"},
		{"--net", "--players", "3", "--inputs", "70"},
		{"--net", "--players", "3", "--from", "../../games/tamman/tammanai/net4.txt"}, // a network of four
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"train", "--game", "tamman", "--games", "1"}, args...), strings.NewReader(""), &stdout, &stderr); code == 0 {
			t.Errorf("train %v: exit 0", args)
		}
	}
}

// --from a file with --inputs and --hidden widens its network, and the
// file's header says so; two runs on one seed write the same file.
func TestTrainFromWidensTheNetwork(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--from", "../../games/tamman/tammanai/testdata/net60.txt", "--inputs", "70", "--hidden", "36", "--games", "2", "--seed", "3"}
	n := trainNet(t, filepath.Join(dir, "a.txt"), args...)
	if in, h := n.Shape(); in != tammanai.NetInputsMore || h != 36 {
		t.Errorf("shape %d x %d, want %d x 36", in, h, tammanai.NetInputsMore)
	}
	if again := trainNet(t, filepath.Join(dir, "b.txt"), args...); !again.Equal(n) {
		t.Error("the same seed widened and trained another network")
	}
	if text, _ := os.ReadFile(filepath.Join(dir, "a.txt")); !strings.Contains(string(text), "--from ../../games/tamman/tammanai/testdata/net60.txt --inputs 70 --hidden 36 --net") {
		t.Errorf("the header does not name the run:\n%.300s", text)
	}
	kept := trainNet(t, filepath.Join(dir, "c.txt"), "--from", filepath.Join(dir, "a.txt"), "--games", "1")
	if in, h := kept.Shape(); in != tammanai.NetInputsMore || h != 36 {
		t.Errorf("--from a file of 70 x 36 without --hidden: shape %d x %d", in, h)
	}
}

func TestTrainPlayersWritesTheNetworkOfThatMany(t *testing.T) {
	dir := t.TempDir()
	for _, players := range []string{"3", "4"} {
		var texts [2][]byte
		for i := range texts {
			out := filepath.Join(dir, players+strings.Repeat("x", i)+".txt")
			var stdout, stderr bytes.Buffer
			args := []string{"train", "--game", "tamman", "--net", "--players", players, "--games", "2", "--hidden", "3", "--out", out}
			if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
				t.Fatalf("train %v: exit %d: %s", args, code, stderr.String())
			}
			texts[i], _ = os.ReadFile(out)
		}
		n, err := tammanai.ParseMultiNet(texts[0])
		if err != nil {
			t.Fatal(err)
		}
		if p, h := n.Shape(); p != int(players[0]-'0') || h != 3 {
			t.Errorf("--players %s --hidden 3: a network of %d players, %d hidden units", players, p, h)
		}
		if !bytes.Equal(texts[0], texts[1]) {
			t.Errorf("--players %s: two runs on one seed wrote different files", players)
		}
		if !strings.Contains(string(texts[0]), "--players "+players+" --hidden 3 --net") {
			t.Errorf("the header does not name the run:\n%.300s", texts[0])
		}
	}
}
